import { timingSafeEqual } from 'node:crypto';

/** The provider operator's pages answer only with its key (`x-operator-key`), compared in constant time. */
export const operatorKeyCheck = (operatorKey: string) => (given: unknown) =>
  typeof given === 'string' &&
  given.length === operatorKey.length &&
  timingSafeEqual(Buffer.from(given), Buffer.from(operatorKey));

/** The operator pages' headers: their own script only, never framed. */
export const OPERATOR_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";
