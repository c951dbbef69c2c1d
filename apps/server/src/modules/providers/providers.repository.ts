import type pg from 'pg';
import type { SeamlessRoundStatus, SeamlessTransactionKind } from './providers.schema';

type Client = Pick<pg.PoolClient, 'query'>;

export interface SeamlessRoundRow {
  id: bigint;
  memberId: string;
  merchantCode: string;
  gameId: number;
  status: SeamlessRoundStatus;
  betTotal: bigint;
  winTotal: bigint;
}

export interface SeamlessTransactionRow {
  kind: SeamlessTransactionKind;
  roundId: string;
  memberId: string;
  amount: bigint;
  requestHash: string;
  outcome: string;
  response: Record<string, unknown>;
  referenceTransactionId: string | null;
}

const toRound = (row: {
  id: bigint;
  member_id: string;
  merchant_code: string;
  game_id: number | string;
  status: SeamlessRoundStatus;
  bet_total: bigint;
  win_total: bigint;
}): SeamlessRoundRow => ({
  id: row.id,
  memberId: row.member_id,
  merchantCode: row.merchant_code,
  gameId: Number(row.game_id),
  status: row.status,
  betTotal: row.bet_total,
  winTotal: row.win_total,
});

const toTransaction = (row: {
  kind: SeamlessTransactionKind;
  round_id: string;
  member_id: string;
  amount: bigint;
  request_hash: string;
  outcome: string;
  response: Record<string, unknown>;
  reference_transaction_id: string | null;
}): SeamlessTransactionRow => ({
  kind: row.kind,
  roundId: row.round_id,
  memberId: row.member_id,
  amount: row.amount,
  requestHash: row.request_hash,
  outcome: row.outcome,
  response: row.response,
  referenceTransactionId: row.reference_transaction_id,
});

/** SQL of the seamless wallet; every call runs on the client of the caller's transaction. */
export const createProvidersRepository = () => ({
  /** Opens the round on its first bet, or locks it; either way the row is locked until commit. */
  openOrLockRound: async (
    db: Client,
    round: {
      provider: string;
      roundId: string;
      merchantCode: string;
      memberId: string;
      gameId: number;
      currency: string;
    },
  ): Promise<SeamlessRoundRow> => {
    const { rows } = await db.query(
      `INSERT INTO seamless_rounds (provider, round_id, merchant_code, member_id, game_id, currency, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'open')
       ON CONFLICT (provider, round_id) DO UPDATE SET updated_at = now()
       RETURNING id, member_id, merchant_code, game_id, status, bet_total, win_total`,
      [round.provider, round.roundId, round.merchantCode, round.memberId, round.gameId, round.currency],
    );
    return toRound(rows[0]);
  },

  lockRound: async (db: Client, provider: string, roundId: string): Promise<SeamlessRoundRow | null> => {
    const { rows } = await db.query(
      `SELECT id, member_id, merchant_code, game_id, status, bet_total, win_total FROM seamless_rounds
       WHERE provider = $1 AND round_id = $2 FOR UPDATE`,
      [provider, roundId],
    );
    return rows[0] ? toRound(rows[0]) : null;
  },

  updateRound: async (
    db: Client,
    id: bigint,
    change: { betDelta?: bigint; winDelta?: bigint; status?: SeamlessRoundStatus },
  ) => {
    await db.query(
      `UPDATE seamless_rounds SET bet_total = bet_total + $2, win_total = win_total + $3,
         status = coalesce($4, status), updated_at = now() WHERE id = $1`,
      [id, change.betDelta ?? 0n, change.winDelta ?? 0n, change.status ?? null],
    );
  },

  findTransaction: async (
    db: Client,
    provider: string,
    transactionId: string,
  ): Promise<SeamlessTransactionRow | null> => {
    const { rows } = await db.query(
      `SELECT kind, round_id, member_id, amount, request_hash, outcome, response, reference_transaction_id
       FROM seamless_transactions WHERE provider = $1 AND transaction_id = $2`,
      [provider, transactionId],
    );
    return rows[0] ? toTransaction(rows[0]) : null;
  },

  /** A rollback naming a bet, with the given outcome ('ok': applied) or any (null), if one came. */
  findRollbackOf: async (
    db: Client,
    provider: string,
    betTransactionId: string,
    outcome: string | null,
  ): Promise<SeamlessTransactionRow | null> => {
    const { rows } = await db.query(
      `SELECT kind, round_id, member_id, amount, request_hash, outcome, response, reference_transaction_id
       FROM seamless_transactions
       WHERE provider = $1 AND reference_transaction_id = $2 AND kind = 'rollback' AND ($3::text IS NULL OR outcome = $3)
       ORDER BY id LIMIT 1`,
      [provider, betTransactionId, outcome],
    );
    return rows[0] ? toTransaction(rows[0]) : null;
  },

  insertTransaction: async (
    db: Client,
    tx: {
      provider: string;
      transactionId: string;
      kind: SeamlessTransactionKind;
      roundId: string;
      merchantCode: string;
      memberId: string;
      amount: bigint;
      referenceTransactionId: string | null;
      requestHash: string;
      outcome: string;
      response: Record<string, unknown>;
      ledgerTransactionId: bigint | null;
    },
  ) => {
    await db.query(
      `INSERT INTO seamless_transactions (provider, transaction_id, kind, round_id, merchant_code, member_id, amount,
         reference_transaction_id, request_hash, outcome, response, ledger_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        tx.provider,
        tx.transactionId,
        tx.kind,
        tx.roundId,
        tx.merchantCode,
        tx.memberId,
        tx.amount,
        tx.referenceTransactionId,
        tx.requestHash,
        tx.outcome,
        JSON.stringify(tx.response),
        tx.ledgerTransactionId,
      ],
    );
  },
});

export type ProvidersRepository = ReturnType<typeof createProvidersRepository>;
