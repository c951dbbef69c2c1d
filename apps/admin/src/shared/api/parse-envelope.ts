import { failureEnvelopeSchema } from '@tessera/contracts';
import { z } from 'zod';
import { ApiError } from './api-error';

const successEnvelopeSchema = z.object({ success: z.literal(true), value: z.unknown() });

/**
 * Reads a response body as the platform envelope: the value, parsed with the endpoint's response schema, on
 * success; an `ApiError` with the error code and field errors on failure.
 */
export const parseEnvelope = <T extends z.ZodType>(body: unknown, status: number, responseSchema: T): z.output<T> => {
  const failure = failureEnvelopeSchema.safeParse(body);
  if (failure.success)
    throw new ApiError(failure.data.errorCode, status, failure.data.fieldErrors ?? [], failure.data.value);
  const success = successEnvelopeSchema.safeParse(body);
  if (!success.success) throw new ApiError(status >= 500 ? 'in_network_again' : 'unknown_error', status);
  const value = responseSchema.safeParse(success.data.value);
  if (!value.success) throw new ApiError('unknown_error', status);
  return value.data;
};
