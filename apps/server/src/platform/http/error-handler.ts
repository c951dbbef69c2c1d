import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import { failureEnvelope } from './envelope';

/** Fastify's own failures, mapped to catalogue codes. */
const fastifyCodes: Record<string, { status: number; code: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'malformed_json' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'malformed_json' },
  FST_ERR_BAD_URL: { status: 400, code: 'request_param_err' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, code: 'request_param_err' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, code: 'request_param_err' },
};

/** Every failure leaves as the envelope with a code; never a stack trace, never an internal message. */
const answerError = (error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof AppError) {
    return reply.status(error.status).send(failureEnvelope(error.code, error.value, error.fieldErrors));
  }
  const known = fastifyCodes[error.code];
  if (known) return reply.status(known.status).send(failureEnvelope(known.code));
  if (error instanceof SyntaxError || (error.statusCode === 400 && error.code?.startsWith('FST_ERR_CTP'))) {
    return reply.status(400).send(failureEnvelope('malformed_json'));
  }
  if (error.statusCode === 429) return reply.status(429).send(failureEnvelope('too_many_requests'));
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    request.log.warn({ err: error }, 'client error');
    return reply.status(error.statusCode).send(failureEnvelope('request_param_err'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send(failureEnvelope('unknown_error'));
};

/**
 * Fastify's `frameworkErrors` option: failures of the router before any route runs (an undecodable path, a path
 * parameter over the router's length) get the envelope too, instead of Fastify's own body echoing the path.
 */
export const answerFrameworkError = (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
  void answerError(error, request, reply);
};

export const installErrorHandler = (app: FastifyInstance): void => {
  // The API speaks JSON (and form posts where a contract says so); a text body is refused, not parsed.
  app.removeContentTypeParser('text/plain');
  app.setErrorHandler(answerError);
};
