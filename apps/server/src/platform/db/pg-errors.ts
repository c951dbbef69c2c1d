/**
 * PostgreSQL errors as the drivers hand them over: `pg` raises a `DatabaseError` with a SQLSTATE `code`; Drizzle
 * wraps it in an error of its own (message "Failed query: … params: …") with the original as `cause`.
 */
interface PgErrorFields {
  code?: unknown;
  constraint?: unknown;
  cause?: unknown;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;
/** SQLSTATE class 23: integrity constraint violation (unique, foreign key, check, not null, exclusion). */
const INTEGRITY_CLASS = '23';
/** SQLSTATE class 22: data exception; its messages quote the offending value. */
const DATA_EXCEPTION_CLASS = '22';
/** A driver error's fields that carry a failed statement's values: bound parameters, the failing row or key. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'values', 'detail', 'where', 'internalQuery']);
const CAUSE_DEPTH = 8;

const asFields = (error: unknown): PgErrorFields | null =>
  typeof error === 'object' && error !== null ? (error as PgErrorFields) : null;

/** The PostgreSQL error itself, under any wrapping (`cause`), or null when none is a database error. */
export const pgErrorOf = (error: unknown): { code: string; constraint: string | null } | null => {
  let current = asFields(error);
  for (let depth = 0; current && depth < CAUSE_DEPTH; depth += 1) {
    if (typeof current.code === 'string' && SQLSTATE.test(current.code)) {
      return { code: current.code, constraint: typeof current.constraint === 'string' ? current.constraint : null };
    }
    current = asFields(current.cause);
  }
  return null;
};

/** Whether the statement broke an integrity constraint (the named one, when given). */
export const isConstraintViolation = (error: unknown, constraint?: string): boolean => {
  const pg = pgErrorOf(error);
  if (!pg?.code.startsWith(INTEGRITY_CLASS)) return false;
  return constraint === undefined || pg.constraint === constraint;
};

const isErrorLike = (value: unknown): value is Error =>
  value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value);

/** The message without the statement's values: Drizzle's "params:" tail and a data exception's quoted value. */
const messageWithoutValues = (error: Error): string => {
  const message = String(error.message);
  const withoutParams = message.split('\nparams:')[0] ?? '';
  const code = asFields(error)?.code;
  if (typeof code === 'string' && code.startsWith(DATA_EXCEPTION_CLASS)) return withoutParams.split(': ')[0] ?? '';
  return withoutParams;
};

/**
 * A copy of a logged error with nothing a failed statement carried: no bound parameters (new operators' password
 * hashes were among them), no `detail` naming the failing key or row, no quoted value, at any depth of `cause`.
 * The SQL text, SQLSTATE, constraint, table and stack frames stay, which is what a diagnosis needs.
 */
export const withoutStatementValues = (error: unknown, depth = 0): unknown => {
  if (!isErrorLike(error) || depth >= CAUSE_DEPTH) return error;
  const safe = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(error)) {
    if (!VALUE_FIELDS.has(key) && key !== 'cause') safe[key] = value;
  }
  const message = messageWithoutValues(error);
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const frames = stack.indexOf('\n    at ');
  Object.defineProperty(safe, 'message', { value: message, enumerable: false, writable: true });
  Object.defineProperty(safe, 'stack', {
    value: `${error.name}: ${message}${frames >= 0 ? stack.slice(frames) : ''}`,
    enumerable: false,
    writable: true,
  });
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined) {
    Object.defineProperty(safe, 'cause', {
      value: withoutStatementValues(cause, depth + 1),
      enumerable: false,
      writable: true,
    });
  }
  return safe;
};
