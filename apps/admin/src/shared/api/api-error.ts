import type { FieldError } from '@tessera/contracts';

/** A failed call: `code` is the server's error code (also the i18n key under `errors.`). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: string,
    readonly status: number,
    readonly fieldErrors: readonly FieldError[] = [],
    /** The failure's value, when the server sent one (e.g. `{ reason }` beside a refusal). */
    readonly value: unknown = null,
  ) {
    super(code);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The code of any error, as shown to the operator: unknown failures become `unknown_error`. */
export const errorCodeOf = (error: unknown): string => (isApiError(error) ? error.code : 'unknown_error');

/** The `reason` a refusal carries in its value (e.g. why a member is not eligible), or null. */
export const refusalReasonOf = (error: unknown): string | null => {
  const value = isApiError(error) ? error.value : null;
  if (typeof value !== 'object' || value === null || !('reason' in value)) return null;
  return typeof value.reason === 'string' ? value.reason : null;
};
