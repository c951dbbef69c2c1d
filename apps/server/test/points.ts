import { expect } from 'vitest';
import { reconcileLedger } from '../src/modules/ledger';
import { createPointsRepository } from '../src/modules/points/points.repository';
import { createPointsService, type PointsService } from '../src/modules/points/points.service';
import { hashPassword } from '../src/platform/security/password';
import { fundedMember } from './funded-member';
import { memberClient } from './member-client';
import { createTestApp, type TestApp } from './test-app';

/**
 * The points module's integration set-up: a test app that delivers events only when drained, a member client, the
 * demo owner's token, members with the withdraw password Payout99, and the points service without the password
 * check (the account service's argon2 would dominate concurrent calls). `close` asserts the ledger and the points
 * reconcile before it stops the app.
 */
export const pointsTestKit = () => {
  const kit = {} as {
    t: TestApp;
    client: ReturnType<typeof memberClient>;
    owner: string;
    unchecked: PointsService;
  };
  const members: Record<string, { memberId: string; token: string }> = {};
  const tokenOf = (as: string) => members[as]?.token ?? '';
  const idOf = (as: string) => members[as]?.memberId ?? '';
  return {
    kit,
    members,
    tokenOf,
    idOf,
    start: async () => {
      kit.t = await createTestApp({}, { events: { deliver: false } });
      kit.client = memberClient(kit.t);
      kit.owner = await kit.t.operatorToken();
      kit.unchecked = createPointsService({
        repository: createPointsRepository(kit.t.database.pool),
        ledger: kit.t.services.ledger,
        account: { checkWithdrawPassword: async () => ({}) as never },
        members: kit.t.services.members,
      });
    },
    close: async () => {
      const report = await reconcileLedger(kit.t.database.pool);
      expect(report.filter((check) => check.discrepancies > 0)).toEqual([]);
      expect(await kit.t.services.points.unreconciled('demo')).toEqual([]);
      await kit.t.close();
    },
    /** A demo member with `funds` minor units in the main wallet and the withdraw password Payout99. */
    newMember: async (name: string, funds = 1n) => {
      const member = await fundedMember(kit.t, kit.client, name, funds);
      await kit.t.services.members.update(member.memberId, { paymentPasswordHash: await hashPassword('Payout99') });
      members[name] = member;
      return member;
    },
    /** A back-office call on the demo merchant's points as its owner. */
    admin: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
      kit.t.request({
        method,
        url: `/api/admin/merchants/demo/points${url}`,
        headers: { authorization: kit.owner },
        payload,
      }),
    /** The member's available main-wallet balance, in minor units. */
    mainWallet: async (as: string) =>
      (
        await kit.t.services.ledger.balance({
          merchantCode: 'demo',
          currency: 'USD',
          account: { member: idOf(as), wallet: 'main' },
        })
      ).available,
  };
};
