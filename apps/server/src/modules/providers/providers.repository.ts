import type { ErrorCode, SeamlessResult } from '@tessera/contracts';
import type pg from 'pg';
import { AppError } from '../../platform/http/app-error';
import { ledgerPostArguments, type PreparedMovement, translateLedgerError } from '../ledger';
import type { SeamlessRoundStatus, SeamlessTransactionKind } from './providers.schema';

type Client = Pick<pg.PoolClient, 'query'>;

/** What every one-statement call knows: the call, the member's session, and where its balance is read. */
export interface SeamlessCall {
  provider: string;
  transactionId: string;
  roundId: string;
  requestHash: string;
  merchantCode: string;
  memberId: string;
  currency: string;
  /** The currency's minor-unit digits, for the answer's balance. */
  exponent: number;
  amount: bigint;
  memberAccountId: bigint;
}

/** A session that must be live for the call (game_session_live): its id and how long activity keeps it. */
export interface LiveSession {
  sessionId: string;
  /** A PostgreSQL interval, e.g. "1800000 milliseconds". */
  sessionTtl: string;
}

/** The answer of a one-statement call, and whether it moved money (false for a repeat). */
export interface SeamlessApplied {
  response: SeamlessResult;
  moved: boolean;
}

/** Refusals of the seamless functions (SQLSTATE SW000, the message is the catalogue code) and the ledger's. */
const refusalOf = (error: unknown): never => {
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'SW000') throw new AppError(message as ErrorCode);
  return translateLedgerError(error);
};

/** Runs one seamless function call: its own transaction, one round trip. */
const applyOnce = async (db: Client, sql: string, params: unknown[]): Promise<SeamlessApplied> => {
  try {
    const { rows } = await db.query<{ response: SeamlessResult; moved: boolean }>(sql, params);
    const row = rows[0];
    if (!row) throw new Error('seamless function returned no row');
    return { response: row.response, moved: row.moved };
  } catch (error) {
    return refusalOf(error);
  }
};

/** The parameters every seamless function starts its call with (after the session, for a bet). */
const callHead = (call: SeamlessCall): unknown[] => [
  call.provider,
  call.transactionId,
  call.roundId,
  call.requestHash,
  call.merchantCode,
  call.memberId,
];

/** The parameters a one-statement money call ends with: the amount in the member's currency, then the movement. */
const moneyTail = (call: SeamlessCall, movement: PreparedMovement): unknown[] => [
  call.currency,
  call.exponent,
  call.amount,
  call.memberAccountId,
  ...ledgerPostArguments(movement),
];

const movementOrNulls = (movement: PreparedMovement | null): unknown[] =>
  movement ? ledgerPostArguments(movement) : [null, null, null, null, null, null, null];

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
  /** The member's available balance, if the session may stake now (else its refusal): one statement. */
  balance: async (db: Client, call: LiveSession & { memberAccountId: bigint }): Promise<bigint> => {
    const { rows } = await db.query<{ refusal: ErrorCode | null; available: string | null }>(
      'SELECT refusal, available::text FROM seamless_balance($1, $2::interval, $3)',
      [call.sessionId, call.sessionTtl, call.memberAccountId],
    );
    const row = rows[0];
    if (!row || row.refusal) throw new AppError(row?.refusal ?? 'game_token_invalid');
    return BigInt(row.available ?? '0');
  },

  /**
   * A bet in one statement (seamless_bet, migration 0013): lock, repeat, rollback tombstone, round, the ledger
   * movement through ledger_post, the provider transaction with its answer and the betting record.
   */
  bet: (
    db: Client,
    call: SeamlessCall & LiveSession & { gameId: number; gameType: string; vendorCode: string },
    movement: PreparedMovement,
  ) =>
    applyOnce(
      db,
      `SELECT * FROM seamless_bet($1, $2::interval, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
         $16, $17, $18, $19, $20, $21::bigint[], $22::bigint[])`,
      [
        call.sessionId,
        call.sessionTtl,
        ...callHead(call),
        call.gameId,
        call.gameType,
        call.vendorCode,
        ...moneyTail(call, movement),
      ],
    ),

  /**
   * A win or a cash-out in one statement (seamless_pay, migration 0050; seamless_win is the same for a win);
   * `movement` is null for a payout of 0 (nothing moves). A cash-out closes the round and marks it in the record.
   */
  pay: (
    db: Client,
    kind: 'win' | 'cashout',
    call: SeamlessCall & { roundClosed: boolean },
    movement: PreparedMovement | null,
  ) =>
    applyOnce(
      db,
      `SELECT * FROM seamless_pay($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
         $13, $14, $15, $16, $17, $18::bigint[], $19::bigint[])`,
      [
        kind,
        ...callHead(call),
        call.currency,
        call.exponent,
        call.amount,
        call.roundClosed,
        call.memberAccountId,
        ...movementOrNulls(movement),
      ],
    ),

  /** A tip in one statement (seamless_tip, migration 0050): a live session, a round of the member, the movement. */
  tip: (db: Client, call: SeamlessCall & LiveSession, movement: PreparedMovement) =>
    applyOnce(
      db,
      `SELECT * FROM seamless_tip($1, $2::interval, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
         $13, $14, $15, $16, $17, $18::bigint[], $19::bigint[])`,
      [call.sessionId, call.sessionTtl, ...callHead(call), ...moneyTail(call, movement)],
    ),

  /**
   * A promotional payout in one statement (seamless_promo, migration 0056): no round, the movement, any open debt
   * collected from it. `roundId` is the provider's campaign id.
   */
  promo: (db: Client, call: SeamlessCall, movement: PreparedMovement) =>
    applyOnce(
      db,
      `SELECT * FROM seamless_promo($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
         $11, $12, $13, $14, $15, $16::bigint[], $17::bigint[])`,
      [...callHead(call), ...moneyTail(call, movement)],
    ),

  /**
   * A resettlement in one statement (seamless_resettle, migration 0050): `amount` is the round's new total payout;
   * the function moves the difference between the member's account and `houseAccountId` (a debit never past the
   * available balance, the rest a debt).
   */
  resettle: (db: Client, kind: 'resettle' | 'void', call: SeamlessCall & { houseAccountId: bigint; gameId: number }) =>
    applyOnce(db, 'SELECT * FROM seamless_resettle($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)', [
      kind,
      ...callHead(call),
      call.currency,
      call.exponent,
      call.amount,
      call.memberAccountId,
      call.houseAccountId,
      call.gameId,
    ]),

  /**
   * Closes the provider's open rounds whose last call is older than `hours`, each with no win (seamless_close_stale,
   * migration 0057, decision 0128): at most `limit`, oldest call first, skipping rounds another transaction holds.
   * One statement, its own transaction. The rounds it closed.
   */
  closeStale: async (
    db: Client,
    provider: string,
    hours: number,
    limit: number,
  ): Promise<{ merchantCode: string; memberId: string; roundId: string }[]> => {
    const { rows } = await db.query<{ merchant_code: string; member_id: string; round_id: string }>(
      'SELECT merchant_code, member_id, round_id FROM seamless_close_stale($1, make_interval(hours => $2), $3)',
      [provider, hours, limit],
    );
    return rows.map((row) => ({ merchantCode: row.merchant_code, memberId: row.member_id, roundId: row.round_id }));
  },

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
