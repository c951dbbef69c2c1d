import type { FieldError } from '@tessera/contracts';

/**
 * A failed call: `code` is the server's error code (an i18n key of the `errors` namespace), or one the client
 * sets for transport failures (`in_network_again`, `timeout_retry_please`, `unknown_error`). `status` 0 means
 * no HTTP answer arrived.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code: string;
  readonly fieldErrors: readonly FieldError[];
  readonly value: unknown;
  readonly status: number;

  constructor(code: string, fieldErrors: readonly FieldError[] = [], value: unknown = null, status = 0) {
    super(code);
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.value = value;
    this.status = status;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** Codes that say the site's address does not belong to a usable merchant. */
const merchantCodes: ReadonlySet<string> = new Set(['merchant_unknown', 'merchant_disabled', 'domain_check_failed']);

export const isMerchantFailure = (error: unknown): boolean => isApiError(error) && merchantCodes.has(error.code);

/** The i18n key to show for any thrown value. */
export const errorKeyOf = (error: unknown): string => (isApiError(error) ? error.code : 'unknown_error');
