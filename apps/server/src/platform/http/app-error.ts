import { type ErrorCode, errorCatalogue, type FieldError } from '@tessera/contracts';

/** A failure the caller should see: a catalogue code (also the i18n key), optional field errors and value. */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  readonly fieldErrors: FieldError[] | undefined;
  readonly value: unknown;

  constructor(
    readonly code: ErrorCode,
    options: { fieldErrors?: FieldError[]; value?: unknown; status?: number } = {},
  ) {
    super(code);
    this.status = options.status ?? errorCatalogue[code].status;
    this.fieldErrors = options.fieldErrors;
    this.value = options.value ?? null;
  }
}

/** Shorthand for a single field's validation failure. */
export const fieldError = (path: string, code: string, params?: FieldError['params']): AppError =>
  new AppError('validation_failed', { fieldErrors: [{ path, code, ...(params ? { params } : {}) }] });
