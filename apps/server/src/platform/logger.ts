import type { LoggerOptions } from 'pino';

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
    req: (req: { id: string; method: string; url: string; ip?: string }) => ({
      id: req.id,
      method: req.method,
      // Query strings may carry codes or tokens; log the path only.
      url: req.url.split('?')[0],
      ip: req.ip,
    }),
  },
});
