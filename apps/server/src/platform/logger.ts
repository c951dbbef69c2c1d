import { type LoggerOptions, stdSerializers } from 'pino';
import { pgErrorOf, withoutStatementValues } from './db/pg-errors';

/** Paths that never reach a log line: credentials, tokens, codes, sealed payloads. */
export const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.encryption',
  'req.headers["x-digest"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.confirmNewPassword',
  '*.paymentPassword',
  '*.verificationCode',
  '*.captcha',
  '*.token',
  '*.secret',
];

export const loggerOptions = (level: string): LoggerOptions => ({
  level,
  redact: { paths: redactedPaths, censor: '[redacted]' },
  serializers: {
    // A failed statement's parameters and the key or row PostgreSQL names never reach the log; its SQLSTATE and
    // constraint do, even from under a wrapping error's `cause`.
    err: (error: unknown) => {
      const pg = pgErrorOf(error);
      return { ...stdSerializers.err(withoutStatementValues(error) as Error), ...(pg ? { pg } : {}) };
    },
    req: requestFields,
  },
});

/** What a log line says of a request: its id, method, path and address. Query strings may carry codes or tokens. */
export const requestFields = (req: { id: string; method: string; url: string; ip?: string }) => ({
  id: req.id,
  method: req.method,
  url: req.url.split('?')[0],
  ip: req.ip,
});

/**
 * The logger of the one line per answered request (decision 0145): no redaction, because the line is built only of
 * fields chosen here (requestFields, the status and the time), never of an object handed in. Redacting it cost
 * more than everything else the line does.
 */
export const requestLineOptions = (level: string): LoggerOptions => ({ level });
