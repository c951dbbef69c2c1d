import {
  type AdminSeamlessDebt,
  type AdminSeamlessProvider,
  type AdminSeamlessRound,
  adminSeamlessEndpoints,
  formatMinor,
  type SeamlessResult,
} from '@tessera/contracts';
import type pg from 'pg';
import { inTransaction } from '../../platform/db/transaction';
import { AppError } from '../../platform/http/app-error';
import type { Registrar } from '../../platform/http/registrar';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { ProviderRegistry } from './provider-registry';

interface RoundRow {
  provider: string;
  round_id: string;
  member_id: string;
  game_id: string;
  status: AdminSeamlessRound['status'];
  currency: string;
  bet_total: string;
  win_total: string;
  tip_total: string;
  created_at: Date;
  updated_at: Date;
  timed_out_at: Date | null;
}

const ROUND_COLUMNS = `provider, round_id, member_id, game_id::text, status, currency, bet_total::text,
  win_total::text, tip_total::text, created_at, updated_at, timed_out_at`;

const presentRound = (row: RoundRow, account: string): AdminSeamlessRound => ({
  provider: row.provider,
  roundId: row.round_id,
  memberId: row.member_id,
  account,
  gameId: Number(row.game_id),
  status: row.status,
  currency: row.currency,
  stakes: formatMinor(BigInt(row.bet_total), row.currency),
  payouts: formatMinor(BigInt(row.win_total), row.currency),
  tips: formatMinor(BigInt(row.tip_total), row.currency),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
  timedOutAt: row.timed_out_at?.toISOString() ?? null,
});

interface SettingRow {
  provider: string;
  round_timeout_hours: number;
  updated_at: Date;
}

/** A registered provider with the merchant's round timeout for it, when one is set. */
const presentProvider = (
  provider: { code: string; name: string; roundTimeoutHours: number },
  setting: SettingRow | undefined,
): AdminSeamlessProvider => ({
  code: provider.code,
  name: provider.name,
  roundTimeoutHours: setting?.round_timeout_hours ?? provider.roundTimeoutHours,
  defaultRoundTimeoutHours: provider.roundTimeoutHours,
  isDefault: setting === undefined,
  updatedAt: setting?.updated_at.toISOString() ?? null,
});

interface DebtRow {
  id: string;
  member_id: string;
  provider: string;
  round_id: string;
  transaction_id: string;
  currency: string;
  amount: string;
  outstanding: string;
  created_at: Date;
  updated_at: Date;
}

const presentDebt = (row: DebtRow, account: string): AdminSeamlessDebt => ({
  id: row.id,
  memberId: row.member_id,
  account,
  provider: row.provider,
  roundId: row.round_id,
  transactionId: row.transaction_id,
  currency: row.currency,
  amount: formatMinor(BigInt(row.amount), row.currency),
  outstanding: formatMinor(BigInt(row.outstanding), row.currency),
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

/**
 * The back office's view of the seamless wallet: the merchant's members' debts left by resettlement debits larger
 * than their balance, with what is still outstanding (decision 0117); the provider rounds, open ones oldest first,
 * and each round's whole history (decision 0127). Read-only: debts are collected and rounds settled by the wallet.
 * The registered providers with the round timeout the merchant's rounds close by, which games managers set per
 * provider (decision 0128), each change audited with before and after.
 */
export const registerSeamlessAdminRoutes = (
  r: Registrar,
  deps: {
    pool: pg.Pool;
    members: Pick<MembersService, 'findByIds'>;
    admin: Pick<AdminService, 'auditWith'>;
    providers: Pick<ProviderRegistry, 'list'>;
  },
): void => {
  /** The members' account names by id. */
  const accountsOf = async (ids: readonly string[]): Promise<Map<string, string>> =>
    new Map((await deps.members.findByIds([...new Set(ids)])).map((member) => [member.id, member.account]));

  r.admin(adminSeamlessEndpoints.listDebts, async ({ input, ctx }) => {
    const merchantCode = ctx.merchant.code;
    const open = input.status === 'open';
    const [page, totals] = await Promise.all([
      deps.pool.query<DebtRow & { total: number }>(
        `SELECT id::text, member_id, provider, round_id, transaction_id, currency, amount::text, outstanding::text,
                created_at, updated_at, count(*) OVER ()::int AS total
           FROM seamless_debts WHERE merchant_code = $1 AND (NOT $2 OR outstanding > 0)
          ORDER BY id DESC OFFSET $3 LIMIT $4`,
        [merchantCode, open, (input.pageNo - 1) * input.pageSize, input.pageSize],
      ),
      deps.pool.query<{ currency: string; amount: string }>(
        `SELECT currency, sum(outstanding)::text AS amount FROM seamless_debts
          WHERE merchant_code = $1 AND outstanding > 0 GROUP BY currency ORDER BY currency`,
        [merchantCode],
      ),
    ]);
    const members = await accountsOf(page.rows.map((row) => row.member_id));
    const total = page.rows[0]?.total ?? 0;
    return {
      list: page.rows.map((row) => presentDebt(row, members.get(row.member_id) ?? '')),
      pageNo: input.pageNo,
      totalPages: Math.ceil(total / input.pageSize),
      outstanding: totals.rows.map((row) => ({
        currency: row.currency,
        amount: formatMinor(BigInt(row.amount), row.currency),
      })),
    };
  });

  r.admin(adminSeamlessEndpoints.listRounds, async ({ input, ctx }) => {
    const merchantCode = ctx.merchant.code;
    const open = input.status === 'open';
    const [page, totals] = await Promise.all([
      deps.pool.query<RoundRow & { total: number }>(
        `SELECT ${ROUND_COLUMNS}, count(*) OVER ()::int AS total
           FROM seamless_rounds
          WHERE merchant_code = $1 AND ($2::text IS NULL OR provider = $2)
            AND (NOT $3 OR (status = 'open' AND created_at <= now() - make_interval(hours => $4)))
          ORDER BY CASE WHEN $3 THEN created_at END ASC, id DESC
          OFFSET $5 LIMIT $6`,
        [
          merchantCode,
          input.provider ?? null,
          open,
          input.olderThanHours,
          (input.pageNo - 1) * input.pageSize,
          input.pageSize,
        ],
      ),
      deps.pool.query<{ provider: string; currency: string; rounds: number; stakes: string }>(
        `SELECT provider, currency, count(*)::int AS rounds, sum(bet_total)::text AS stakes
           FROM seamless_rounds WHERE merchant_code = $1 AND status = 'open'
          GROUP BY provider, currency ORDER BY provider, currency`,
        [merchantCode],
      ),
    ]);
    const members = await accountsOf(page.rows.map((row) => row.member_id));
    const total = page.rows[0]?.total ?? 0;
    return {
      list: page.rows.map((row) => presentRound(row, members.get(row.member_id) ?? '')),
      pageNo: input.pageNo,
      totalPages: Math.ceil(total / input.pageSize),
      openByProvider: totals.rows.map((row) => ({
        provider: row.provider,
        currency: row.currency,
        rounds: row.rounds,
        stakes: formatMinor(BigInt(row.stakes), row.currency),
      })),
    };
  });

  r.admin(adminSeamlessEndpoints.getRound, async ({ params, ctx }) => {
    const merchantCode = ctx.merchant.code;
    const { rows } = await deps.pool.query<RoundRow>(
      `SELECT ${ROUND_COLUMNS} FROM seamless_rounds WHERE provider = $1 AND round_id = $2 AND merchant_code = $3`,
      [params.provider, params.roundId, merchantCode],
    );
    const row = rows[0];
    // Another merchant's round reads as no round at all.
    if (!row) throw new AppError('not_found');
    const [calls, debts, members] = await Promise.all([
      deps.pool.query<{
        transaction_id: string;
        kind: 'bet' | 'win' | 'rollback' | 'tip' | 'resettle' | 'cashout' | 'void' | 'promo';
        amount: string;
        outcome: string;
        reference_transaction_id: string | null;
        ledger_transaction_id: string | null;
        response: Partial<SeamlessResult>;
        created_at: Date;
      }>(
        `SELECT transaction_id, kind, amount::text, outcome, reference_transaction_id,
                ledger_transaction_id::text, response, created_at
           FROM seamless_transactions WHERE provider = $1 AND round_id = $2 AND merchant_code = $3 AND kind <> 'promo'
          ORDER BY id`,
        [params.provider, params.roundId, merchantCode],
      ),
      deps.pool.query<Omit<DebtRow, 'member_id' | 'provider' | 'round_id' | 'currency'>>(
        `SELECT id::text, transaction_id, amount::text, outstanding::text, created_at, updated_at
           FROM seamless_debts WHERE provider = $1 AND round_id = $2 AND merchant_code = $3 ORDER BY id`,
        [params.provider, params.roundId, merchantCode],
      ),
      accountsOf([row.member_id]),
    ]);
    const account = members.get(row.member_id) ?? '';
    return {
      round: presentRound(row, account),
      calls: calls.rows.map((call) => ({
        transactionId: call.transaction_id,
        kind: call.kind,
        amount: formatMinor(BigInt(call.amount), row.currency),
        outcome: call.outcome,
        referenceTransactionId: call.reference_transaction_id,
        ledgerTransactionId: call.ledger_transaction_id,
        balanceAfter: typeof call.response.balance === 'string' ? call.response.balance : null,
        createdAt: call.created_at.toISOString(),
      })),
      debts: debts.rows.map((debt) =>
        presentDebt(
          {
            ...debt,
            member_id: row.member_id,
            provider: row.provider,
            round_id: row.round_id,
            currency: row.currency,
          },
          account,
        ),
      ),
    };
  });

  r.admin(adminSeamlessEndpoints.listProviders, async ({ ctx }) => {
    const { rows } = await deps.pool.query<SettingRow>(
      'SELECT provider, round_timeout_hours, updated_at FROM seamless_provider_settings WHERE merchant_code = $1',
      [ctx.merchant.code],
    );
    const byProvider = new Map(rows.map((row) => [row.provider, row]));
    return { list: deps.providers.list().map((provider) => presentProvider(provider, byProvider.get(provider.code))) };
  });

  r.admin(adminSeamlessEndpoints.updateProvider, async ({ params, input, ctx }) => {
    const merchantCode = ctx.merchant.code;
    const provider = deps.providers.list().find((entry) => entry.code === params.provider);
    if (!provider) throw new AppError('not_found');
    const hours = input.roundTimeoutHours;
    const row = await inTransaction(deps.pool, async (client) => {
      const before = await client.query<SettingRow>(
        `SELECT provider, round_timeout_hours, updated_at FROM seamless_provider_settings
          WHERE merchant_code = $1 AND provider = $2 FOR UPDATE`,
        [merchantCode, provider.code],
      );
      let after: SettingRow | undefined;
      if (hours === null) {
        await client.query('DELETE FROM seamless_provider_settings WHERE merchant_code = $1 AND provider = $2', [
          merchantCode,
          provider.code,
        ]);
      } else {
        const saved = await client.query<SettingRow>(
          `INSERT INTO seamless_provider_settings (merchant_code, provider, round_timeout_hours)
           VALUES ($1, $2, $3)
           ON CONFLICT (merchant_code, provider) DO UPDATE
             SET round_timeout_hours = EXCLUDED.round_timeout_hours, updated_at = now()
           RETURNING provider, round_timeout_hours, updated_at`,
          [merchantCode, provider.code, hours],
        );
        after = saved.rows[0];
      }
      const hoursOf = (setting: SettingRow | undefined) => setting?.round_timeout_hours ?? null;
      await deps.admin.auditWith(
        client,
        { operator: ctx.operator, caller: ctx },
        {
          action: 'games.provider_update',
          target: provider.code,
          merchantCode,
          details: {
            defaultRoundTimeoutHours: provider.roundTimeoutHours,
            before: { roundTimeoutHours: hoursOf(before.rows[0]) },
            after: { roundTimeoutHours: hoursOf(after) },
          },
        },
      );
      return after;
    });
    return presentProvider(provider, row);
  });
};
