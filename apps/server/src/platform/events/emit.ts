import type { EventName, EventPayload } from './catalogue';

/** The producer's open transaction: the pg client `inTransaction` hands its work (decision 0053). */
export type EventTransaction = { query: (text: string, values: unknown[]) => Promise<unknown> };

const toJson = (payload: unknown) =>
  JSON.stringify(payload, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));

/**
 * Writes an event into the outbox inside the producer's transaction (`events_emit`; the dispatchers watch the
 * outbox's head, decision 0071). A rollback leaves no event.
 */
export const emit = async <N extends EventName>(
  tx: EventTransaction,
  name: N,
  payload: EventPayload<N> & { merchantCode: string },
): Promise<void> => {
  await tx.query('SELECT events_emit($1, $2, $3::jsonb)', [name, payload.merchantCode, toJson(payload)]);
};
