import { randomUUID } from 'node:crypto';
import type { DemoSeedContext } from '../../platform/modules';
import type { MerchantContext } from '../../platform/principals';
import { hashPassword } from '../../platform/security/password';
import type { CashierService } from '../cashier';
import type { InhouseService } from '../inhouse';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import type { AgentsService } from './agents.service';

/** The demo agent's login (member site, `/agent`), printed at start beside the back-office login. */
export const DEMO_AGENT_USERNAME = 'demoagent';
export const DEMO_AGENT_PASSWORD = 'DemoAgent2026';

/**
 * The demo agent's team: who sits under whom, whether it is an agent, and the history it plays (a deposit through
 * the bank-transfer channel, approved, and dice rounds). Every figure the agent centre shows comes from these real
 * rows through the same events as any member's.
 */
const TEAM: readonly {
  username: string;
  upline: string;
  agent: boolean;
  deposit: string | null;
  stakes: readonly string[];
}[] = [
  { username: 'demo_ag1', upline: DEMO_AGENT_USERNAME, agent: true, deposit: '300.00', stakes: ['5.00', '8.00'] },
  { username: 'demo_ag2', upline: DEMO_AGENT_USERNAME, agent: true, deposit: '150.00', stakes: ['3.00'] },
  {
    username: 'demo_m1',
    upline: DEMO_AGENT_USERNAME,
    agent: false,
    deposit: '100.00',
    stakes: ['2.00', '4.00', '6.00'],
  },
  { username: 'demo_m2', upline: DEMO_AGENT_USERNAME, agent: false, deposit: null, stakes: [] },
  { username: 'demo_m3', upline: 'demo_ag1', agent: false, deposit: '80.00', stakes: ['1.00', '2.50'] },
  { username: 'demo_ag3', upline: 'demo_ag1', agent: true, deposit: '120.00', stakes: ['10.00'] },
  { username: 'demo_m4', upline: 'demo_ag2', agent: false, deposit: '60.00', stakes: ['1.50', '1.50', '3.00'] },
  { username: 'demo_m5', upline: 'demo_ag3', agent: false, deposit: '50.00', stakes: ['2.00'] },
];

/**
 * Seeds the demo agent and its team (three levels) once: accounts, their places in the tree and their rates (the
 * merchant's defaults), and history (credited deposits, settled dice rounds). Later starts leave it as it is.
 */
export const seedDemoAgentTeam = async (
  deps: {
    agents: Pick<AgentsService, 'placeDemo'>;
    members: Pick<MembersService, 'create' | 'findByUsername'>;
    merchants: Pick<MerchantsService, 'resolve'>;
    cashier: Pick<CashierService, 'listChannels' | 'createDeposit' | 'decideDeposit'>;
    inhouse: Pick<InhouseService, 'placeBet'>;
  },
  context: DemoSeedContext,
): Promise<boolean> => {
  const { agents, members, merchants, cashier, inhouse } = deps;
  if (!context.history) return false;
  if (await members.findByUsername(context.merchantCode, DEMO_AGENT_USERNAME)) return false;
  const merchant: MerchantContext = await merchants.resolve({ code: context.merchantCode, host: '' });
  const passwordHash = await hashPassword(DEMO_AGENT_PASSWORD);
  const ids = new Map<string, string>();
  const create = async (username: string, upline: string | null, agent: boolean) => {
    const created = await members.create({
      merchantCode: context.merchantCode,
      username,
      account: username,
      nickname: username,
      passwordHash,
      paymentPasswordHash: passwordHash,
      uplineId: upline ? (ids.get(upline) ?? null) : null,
    });
    if (!('row' in created)) throw new Error(`demo member ${username} exists in part`);
    ids.set(username, created.row.id);
    await agents.placeDemo(context.merchantCode, created.row.id, agent ? 1 : 0);
    return created.row.id;
  };
  await create(DEMO_AGENT_USERNAME, null, true);
  for (const member of TEAM) await create(member.username, member.upline, member.agent);

  const channel = (await cashier.listChannels(merchant)).find((row) => row.kind === 'bank_transfer');
  for (const member of TEAM) {
    const memberId = ids.get(member.username) as string;
    const principal = {
      memberId,
      merchantCode: context.merchantCode,
      sessionId: 'demo-seed',
      type: member.agent ? 1 : 0,
    };
    if (member.deposit && channel) {
      const order = await cashier.createDeposit(merchant, principal, {
        channelId: channel.id,
        amount: member.deposit,
        payerNote: 'Demo transfer',
      });
      await cashier.decideDeposit(merchant, order.id, { approve: true, reason: null, operatorId: 'demo-seed' });
    }
    for (const stake of member.stakes) {
      await inhouse.placeBet(merchant, principal, {
        game: 'dice',
        stake,
        idempotencyKey: randomUUID(),
        params: { target: 5000, direction: 'under' },
      });
    }
  }
  return true;
};
