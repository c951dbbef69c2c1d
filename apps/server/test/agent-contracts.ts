import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { hashPassword } from '../src/platform/security/password';
import { memberClient } from './member-client';
import { createTestApp, type TestApp } from './test-app';

/** A member of the demo merchant made for a contracts test, with its site token once signed in. */
export interface ContractMember {
  id: string;
  account: string;
  token: string;
}

/** The four contract calls (api-facts 10) and their module ids. */
export const CONTRACT_PATHS = {
  dividend: ['/wps/relay/MCS2_processDividendReq', 'SIGNCONDIV3'],
  daily: ['/wps/relay/MCS2_processDailySalContract', 'DAILYSALCONT3'],
  hourly: ['/wps/relay/MCS2_processContractHourSalary', 'HOURSAL3'],
  realtime: ['/wps/relay/MCSFE_processRealTimeSalaryContract', 'RTSALARY3'],
} as const;

/**
 * The agent-contract tests' helpers over a test app (read at each call, as the app is made in `beforeAll`): members
 * of the demo tree, the contract calls as a member, and main-wallet funding and balances in USD.
 */
export const contractHelpers = (
  app: () => TestApp,
  client: () => ReturnType<typeof memberClient>,
  passwordHash: () => string,
) => {
  let roundSeq = 0;
  return {
    newMember: async (username: string, uplineId: string | null, type: number): Promise<ContractMember> => {
      const created = await app().services.members.create({
        merchantCode: 'demo',
        username,
        account: username,
        nickname: username,
        passwordHash: passwordHash(),
        uplineId,
        type,
      });
      if (!('row' in created)) throw new Error(`member ${username} not created`);
      return { id: created.row.id, account: username, token: '' };
    },

    act: async (kind: keyof typeof CONTRACT_PATHS, who: ContractMember, payload: object) => {
      const [url, moduleId] = CONTRACT_PATHS[kind];
      return (await client().send({ method: 'POST', url, moduleId, token: who.token, payload })).json();
    },

    /** A settled round of `member` (a test source), as every game source reports one through bet.settled. */
    play: async (member: ContractMember, stake: bigint, payout: bigint, settledAt = new Date(), provider = 'test') => {
      roundSeq += 1;
      await app().services.bets.recordSettledRound({
        merchantCode: 'demo',
        memberId: member.id,
        source: 'test',
        provider,
        roundRef: `contracts-${roundSeq}-${randomUUID()}`,
        gameId: 1,
        gameType: 'ELOTTO' as never,
        vendorCode: 'TEST',
        currency: 'USD',
        betAmount: stake,
        payout,
        settledAt,
      });
    },

    fund: async (memberId: string, amount: bigint) => {
      await app().services.ledger.transfer({
        merchantCode: 'demo',
        currency: 'USD',
        type: 'deposit',
        idempotencyKey: `contracts-fund:${randomUUID()}`,
        from: { house: 'deposits' },
        to: { member: memberId, wallet: 'main' },
        amount,
      });
    },

    mainBalance: async (memberId: string) =>
      (
        await app().services.ledger.balance({
          merchantCode: 'demo',
          currency: 'USD',
          account: { member: memberId, wallet: 'main' },
        })
      ).available,
  };
};

/**
 * A contracts test file's app (made in `beforeAll` with events delivered by hand, closed in `afterAll`), its member
 * client and the helpers over them; `setup` runs once the app is made (sign operators in, make merchants).
 */
export const contractSuite = (setup?: (app: TestApp, client: ReturnType<typeof memberClient>) => Promise<void>) => {
  let app: TestApp;
  let client: ReturnType<typeof memberClient>;
  let passwordHash: string;
  beforeAll(async () => {
    app = await createTestApp({}, { events: { deliver: false } });
    client = memberClient(app);
    passwordHash = await hashPassword('Secret123');
    await setup?.(app, client);
  }, 300_000);
  afterAll(async () => {
    await app?.close();
  });
  return contractHelpers(
    () => app,
    () => client,
    () => passwordHash,
  );
};
