import { z } from 'zod';

/** One field's failure: `path` is the dotted field path, `code` an i18n key, `params` its placeholders. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every response: success with a value, or failure with an error code (also the i18n key). */
export const envelopeSchema = <T extends z.ZodType>(value: T) =>
  z.object({
    success: z.boolean(),
    value: value.nullable(),
    message: z.string().nullable(),
    errorCode: z.string().nullable(),
    fieldErrors: z.array(fieldErrorSchema).optional(),
  });

export const failureEnvelopeSchema = z.object({
  success: z.literal(false),
  value: z.unknown().nullable(),
  message: z.string().nullable(),
  errorCode: z.string(),
  fieldErrors: z.array(fieldErrorSchema).optional(),
});

export type Envelope<T> =
  | { success: true; value: T; message: null; errorCode: null }
  | {
      success: false;
      value: unknown;
      message: string | null;
      errorCode: string;
      fieldErrors?: FieldError[];
    };
