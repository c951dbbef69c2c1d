import { adminMembersEndpoints, type FieldError, issuesToFieldErrors } from '@tessera/contracts';

/** The server answers at most this many members per search. */
export const MEMBER_SEARCH_LIMIT = 50;

export type MemberQueryCheck =
  | { kind: 'empty' }
  | { kind: 'valid'; q: string }
  | { kind: 'invalid'; error: FieldError };

/**
 * What the search box holds, read with the endpoint's own schema: trimmed, 2 to 64 characters. An empty box is
 * no search at all (not an error).
 */
export const checkMemberQuery = (raw: string): MemberQueryCheck => {
  if (raw.trim() === '') return { kind: 'empty' };
  const parsed = adminMembersEndpoints.listMembers.request.safeParse({ q: raw }, { reportInput: true });
  if (parsed.success) return { kind: 'valid', q: parsed.data.q };
  const [error] = issuesToFieldErrors(parsed.error.issues);
  return { kind: 'invalid', error: error ?? { path: 'q', code: 'field_invalid' } };
};

/** The query to search for, or null when the box holds nothing searchable. */
export const memberQueryOf = (raw: string): string | null => {
  const check = checkMemberQuery(raw);
  return check.kind === 'valid' ? check.q : null;
};
