import type { Envelope, FieldError } from '@tessera/contracts';

export const successEnvelope = <T>(value: T): Envelope<T> => ({ success: true, value, message: null, errorCode: null });

export const failureEnvelope = (code: string, value: unknown = null, fieldErrors?: FieldError[]): Envelope<never> => ({
  success: false,
  value,
  message: code,
  errorCode: code,
  ...(fieldErrors && fieldErrors.length > 0 ? { fieldErrors } : {}),
});
