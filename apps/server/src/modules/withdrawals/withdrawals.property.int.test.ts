import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/http/context';
import { hashPassword } from '../../platform/security/password';

/**
 * Withdrawal state transitions against a model: random interleavings of operator decisions (some racing their
 * own duplicates), member confirmations and the auto-confirm job. After every run: each order is in the state the
 * model allows, the member's held amount is exactly the sum of undecided orders, the balance fell by exactly the
 * paid-out orders, no hold is settled twice and every ledger invariant holds.
 */
let t: TestApp;
let merchant: MerchantContext;
const START = 1_000_000n;

type Step =
  | { kind: 'decide'; order: number; action: 'approve' | 'disburse' | 'reject'; copies: number }
  | { kind: 'confirm'; order: number; outcome: 'received' | 'partially_received' }
  | { kind: 'autoConfirm' };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('decide' as const),
    order: fc.nat({ max: 3 }),
    action: fc.constantFrom('approve' as const, 'disburse' as const, 'reject' as const),
    copies: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('confirm' as const),
    order: fc.nat({ max: 3 }),
    outcome: fc.constantFrom('received' as const, 'partially_received' as const),
  }),
  fc.constant({ kind: 'autoConfirm' as const }),
);

/** What the model allows: the next state of an order for a step, or null when the step must be refused. */
const next = (state: string, step: Step): string | null => {
  if (step.kind === 'decide') {
    if (step.action === 'approve') return state === 'pending' ? 'approved' : null;
    if (step.action === 'disburse') return state === 'approved' ? 'disbursed' : null;
    return state === 'pending' || state === 'approved' ? 'rejected' : null;
  }
  if (step.kind === 'confirm') {
    if (state !== 'disbursed') return null;
    return step.outcome === 'received' ? 'completed' : 'disputed';
  }
  return state === 'disbursed' ? 'completed' : null;
};

beforeAll(async () => {
  t = await createTestApp();
  merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('withdrawal state transitions (model-based)', () => {
  it('apply each allowed step exactly once and refuse the rest, conserving money', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 50, max: 900 }), { minLength: 2, maxLength: 4 }),
        fc.array(stepArb, { minLength: 4, maxLength: 14 }),
        async (amounts, steps) => {
          const username = `prop${randomUUID().slice(0, 8)}`;
          const created = await t.services.members.create({
            merchantCode: 'demo',
            username,
            account: username,
            nickname: username,
            passwordHash: await hashPassword('Secret123'),
          });
          if (!('row' in created)) throw new Error('member not created');
          const memberId = created.row.id;
          await t.services.members.update(memberId, { paymentPasswordHash: await hashPassword('Payout99') });
          const member: MemberPrincipal = { memberId, merchantCode: 'demo', sessionId: 'test', type: 0 };
          await t.services.ledger.transfer({
            merchantCode: 'demo',
            currency: 'USD',
            type: 'deposit',
            idempotencyKey: `prop-fund:${memberId}`,
            from: { house: 'deposits' },
            to: { member: memberId, wallet: 'main' },
            amount: START,
          });
          const method = await t.services.withdrawals.addMethod(merchant, member, {
            method: {
              kind: 'bank_account',
              bankName: 'Prop Bank',
              accountName: 'Pro Perty',
              accountNumber: '12345678',
            },
            withdrawPassword: 'Payout99',
          });
          const orders = [];
          for (const amount of amounts) {
            orders.push(
              await t.services.withdrawals.submit(merchant, member, {
                requestId: randomUUID(),
                payoutMethodId: method.id,
                amount: String(amount),
                withdrawPassword: 'Payout99',
              }),
            );
          }
          const model = orders.map(() => 'pending');

          for (const step of steps) {
            if (step.kind === 'autoConfirm') {
              await t.services.withdrawals.runDue(new Date(Date.now() + 10 * 24 * 3600_000));
              for (const [i, state] of model.entries()) model[i] = next(state, step) ?? state;
              continue;
            }
            const index = step.order % orders.length;
            const order = orders[index];
            if (!order) continue;
            const expected = next(model[index] ?? 'pending', step);
            const attempt = () =>
              step.kind === 'decide'
                ? t.services.withdrawals.decide('demo', order.id, {
                    action: step.action,
                    reason: 'prop',
                    operatorId: 'prop',
                  })
                : t.services.withdrawals.confirm(
                    merchant,
                    member,
                    order.id,
                    {
                      outcome: step.outcome,
                      ...(step.outcome === 'partially_received' ? { amountReceived: '1' } : {}),
                    },
                    [],
                  );
            const copies = step.kind === 'decide' ? step.copies : 1;
            const results = await Promise.allSettled(Array.from({ length: copies }, attempt));
            const succeeded = results.filter((r) => r.status === 'fulfilled').length;
            for (const r of results) {
              if (r.status === 'rejected') {
                expect(r.reason).toBeInstanceOf(AppError);
                expect((r.reason as AppError).code).toBe('order_state_invalid');
              }
            }
            expect(succeeded).toBe(expected === null ? 0 : 1);
            if (expected !== null) model[index] = expected;
          }

          const rows = await t.database.pool.query<{ id: string; status: string; amount: string }>(
            'SELECT id, status, amount::text FROM withdrawal_orders WHERE member_id = $1',
            [memberId],
          );
          const byId = new Map(rows.rows.map((r) => [r.id, r]));
          let held = 0n;
          let paid = 0n;
          for (const [i, order] of orders.entries()) {
            const row = byId.get(order.id);
            expect(row?.status).toBe(model[i]);
            if (model[i] === 'pending' || model[i] === 'approved') held += order.amount;
            if (model[i] === 'disbursed' || model[i] === 'completed' || model[i] === 'disputed') paid += order.amount;
          }
          const balance = await t.services.ledger.balance({
            merchantCode: 'demo',
            currency: 'USD',
            account: { member: memberId, wallet: 'main' },
          });
          expect(balance.held).toBe(held);
          expect(balance.balance).toBe(START - paid);
          const settlements = await t.database.pool.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM ledger_transactions WHERE type = 'withdrawal' AND metadata->>'withdrawalId' = ANY($1)`,
            [orders.map((o) => o.id)],
          );
          expect(settlements.rows[0]?.n).toBe(
            model.filter((s) => ['disbursed', 'completed', 'disputed'].includes(s)).length,
          );
        },
      ),
      { numRuns: 12 },
    );
    // Twelve runs of racing requests: well under the default on a quiet machine, but CI may share its cores.
  }, 180_000);
});
