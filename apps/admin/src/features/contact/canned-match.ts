import type { CannedReply } from '@tessera/contracts';

/**
 * The canned replies that answer what the operator typed after "/": shortcuts that start with it first, then those
 * whose shortcut or title holds it, each group by shortcut. An empty query lists them all.
 */
export const matchCannedReplies = (replies: readonly CannedReply[], query: string): CannedReply[] => {
  const q = query.trim().toLowerCase();
  if (!q) return [...replies];
  const starts = replies.filter((reply) => reply.shortcut.startsWith(q));
  const holds = replies.filter(
    (reply) => !reply.shortcut.startsWith(q) && (reply.shortcut.includes(q) || reply.title.toLowerCase().includes(q)),
  );
  return [...starts, ...holds];
};
