import { issuesToFieldErrors } from '@tessera/contracts';
import type { z } from 'zod';
import { AppError } from './app-error';

/** Parses input with a contract schema; a failure becomes `validation_failed` with one entry per field. */
export const parseInput = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> => {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw new AppError('validation_failed', { fieldErrors: issuesToFieldErrors(result.error.issues) });
};
