import type { FieldError } from '@tessera/contracts';

/** A failed call: `code` is the server's error code (also the i18n key under `errors.`). */
export class ApiError extends Error {
  override name = 'ApiError';

  constructor(
    readonly code: string,
    readonly status: number,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(code);
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The code of any error, as shown to the operator: unknown failures become `unknown_error`. */
export const errorCodeOf = (error: unknown): string => (isApiError(error) ? error.code : 'unknown_error');
