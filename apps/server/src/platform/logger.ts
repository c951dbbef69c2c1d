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
    req: (req: { id: string; method: string; url: string; ip?: string }) => ({
      id: req.id,
      method: req.method,
      // Query strings may carry codes or tokens; log the path only.
      url: req.url.split('?')[0],
      ip: req.ip,
    }),
  },
});
