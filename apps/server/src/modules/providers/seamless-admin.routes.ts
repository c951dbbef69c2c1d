import { adminSeamlessEndpoints, formatMinor } from '@tessera/contracts';
import type pg from 'pg';
import type { Registrar } from '../../platform/http/registrar';
import type { MembersService } from '../members';

/**
 * The back office's view of the seamless wallet (decision 0117): the merchant's members' debts left by resettlement
 * debits larger than their balance, with what is still outstanding. Read-only: debts are collected by the wallet.
 */
export const registerSeamlessAdminRoutes = (
  r: Registrar,
  deps: { pool: pg.Pool; members: Pick<MembersService, 'findByIds'> },
): void => {
  r.admin(adminSeamlessEndpoints.listDebts, async ({ input, ctx }) => {
    const merchantCode = ctx.merchant.code;
    const open = input.status === 'open';
    const [page, totals] = await Promise.all([
      deps.pool.query<{
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
        total: number;
      }>(
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
    const members = new Map(
      (await deps.members.findByIds([...new Set(page.rows.map((row) => row.member_id))])).map((member) => [
        member.id,
        member.account,
      ]),
    );
    const total = page.rows[0]?.total ?? 0;
    return {
      list: page.rows.map((row) => ({
        id: row.id,
        memberId: row.member_id,
        account: members.get(row.member_id) ?? '',
        provider: row.provider,
        roundId: row.round_id,
        transactionId: row.transaction_id,
        currency: row.currency,
        amount: formatMinor(BigInt(row.amount), row.currency),
        outstanding: formatMinor(BigInt(row.outstanding), row.currency),
        createdAt: row.created_at.toISOString(),
        updatedAt: row.updated_at.toISOString(),
      })),
      pageNo: input.pageNo,
      totalPages: Math.ceil(total / input.pageSize),
      outstanding: totals.rows.map((row) => ({
        currency: row.currency,
        amount: formatMinor(BigInt(row.amount), row.currency),
      })),
    };
  });
};
