import { formatMinor, type MemberOverview, type OperatorRole, roleMay } from '@tessera/contracts';
import type { ModuleServices } from '../../platform/modules';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import { presentFlag, presentLogin, presentNote } from '../members';
import type { ReportsRepository } from './reports.repository';

export interface MemberOverviewDeps {
  repository: ReportsRepository;
  members: Pick<ModuleServices['members'], 'findById' | 'listLogins' | 'listNotes' | 'listFlags'>;
  ledger: Pick<ModuleServices['ledger'], 'walletsOf'>;
  cashier: Pick<ModuleServices['cashier'], 'listDeposits' | 'listChannelsAll'>;
  withdrawals: Pick<ModuleServices['withdrawals'], 'list'>;
  rewards: Pick<ModuleServices['rewards'], 'ofMember'>;
}

/** How many of the latest orders, rewards, logins and notes the view shows. */
const LATEST = 10;
const LOGINS = 50;
const NOTES = 50;

type Login = Awaited<ReturnType<MemberOverviewDeps['members']['listLogins']>>[number];

/** One row per device in the login history: its device id, else its user agent. */
export const devicesOf = (logins: readonly Login[]): MemberOverview['devices'] => {
  const devices = new Map<string, MemberOverview['devices'][number]>();
  for (const login of logins) {
    if (!login.success) continue;
    const key = login.deviceId ? `d:${login.deviceId}` : `u:${login.userAgent ?? ''}`;
    const seen = devices.get(key);
    if (seen) {
      seen.logins += 1;
      if (!seen.ips.includes(login.ip)) seen.ips.push(login.ip);
      if (login.at.toISOString() > seen.lastAt) seen.lastAt = login.at.toISOString();
    } else {
      devices.set(key, {
        deviceId: login.deviceId,
        userAgent: login.userAgent,
        ips: [login.ip],
        logins: 1,
        lastAt: login.at.toISOString(),
      });
    }
  }
  return [...devices.values()].sort((a, b) => b.lastAt.localeCompare(a.lastAt));
};

/**
 * A member's 360 view (decision 0094). Totals come from the reports' own rollups (cash from the member's hours, play
 * from its per-game lifetime rows); the latest orders, rewards, balances, logins, notes and flags from their
 * modules' services. Cash totals and order amounts are left out unless the role holds `reports.cash`, play totals
 * unless it holds `reports.play`; the caller has checked that the member is in the operator's scope.
 */
export const createMemberOverview = (deps: MemberOverviewDeps) => {
  const { repository } = deps;
  return async (merchant: MerchantContext, memberId: string, role: OperatorRole): Promise<MemberOverview | null> => {
    const member = await deps.members.findById(memberId);
    if (member?.merchantCode !== merchant.code) return null;
    const currency = merchant.settings.currency;
    const money = (minor: bigint | string | number) => formatMinor(BigInt(minor), currency);
    const seesCash = roleMay(role, 'reports.cash');
    const seesPlay = roleMay(role, 'reports.play');
    // The cashier and withdrawals list a member's own orders by its principal; the back office reads them as-is.
    const principal: MemberPrincipal = {
      memberId,
      merchantCode: merchant.code,
      sessionId: 'back-office',
      type: member.type,
    };
    const [upline, referrer, logins, notes, flags, wallets, deposits, channels, withdrawals, rewards, cash, games] =
      await Promise.all([
        member.uplineId ? deps.members.findById(member.uplineId) : null,
        member.referredById ? deps.members.findById(member.referredById) : null,
        deps.members.listLogins(memberId, LOGINS),
        deps.members.listNotes(memberId, NOTES),
        deps.members.listFlags(memberId),
        deps.ledger.walletsOf(merchant.code, memberId, currency),
        deps.cashier.listDeposits(merchant, principal, 1),
        deps.cashier.listChannelsAll(merchant),
        deps.withdrawals.list(merchant, principal, undefined, 1),
        deps.rewards.ofMember(merchant.code, memberId, { pageNo: 1, pageSize: LATEST }),
        repository.memberCash(merchant.code, memberId, currency),
        seesPlay ? repository.memberGames(memberId, currency) : Promise.resolve([]),
      ]);
    const channelName = new Map(channels.map((channel) => [channel.id, channel.name]));
    const play = games.reduce(
      (sum, game) => ({
        rounds: sum.rounds + game.rounds,
        stakes: sum.stakes + game.stakes,
        validBets: sum.validBets + game.validBets,
        payouts: sum.payouts + game.payouts,
        lastAt: sum.lastAt && sum.lastAt > game.lastAt ? sum.lastAt : game.lastAt,
      }),
      { rounds: 0, stakes: 0n, validBets: 0n, payouts: 0n, lastAt: null as Date | null },
    );
    const hidden: MemberOverview['hidden'] = [];
    if (!seesCash) hidden.push('cash');
    if (!seesPlay) hidden.push('play');
    return {
      member: {
        id: member.id,
        merchantCode: member.merchantCode,
        account: member.account,
        nickname: member.nickname,
        type: member.type,
        locked: member.lockedAt !== null,
        createdAt: member.createdAt.toISOString(),
        lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
        country: member.country,
        source: cash.source,
        uplineAccount: upline?.account ?? null,
        referrerAccount: referrer?.account ?? null,
      },
      currency,
      balances: wallets
        .sort((a, b) => a.kind.localeCompare(b.kind))
        .map((wallet) => ({ wallet: wallet.kind, balance: money(wallet.balance), held: money(wallet.held) })),
      cash: seesCash
        ? {
            deposits: money(cash.deposits),
            depositCount: cash.depositCount,
            withdrawals: money(cash.withdrawals),
            withdrawalCount: cash.withdrawalCount,
            netCash: money(cash.deposits - cash.withdrawals),
            firstDepositAt: cash.firstDepositAt?.toISOString() ?? null,
            firstDeposit: cash.firstDeposit === null ? null : money(cash.firstDeposit),
          }
        : null,
      play: seesPlay
        ? {
            rounds: play.rounds,
            stakes: money(play.stakes),
            validBets: money(play.validBets),
            payouts: money(play.payouts),
            ggr: money(play.stakes - play.payouts),
            lastPlayedAt: play.lastAt?.toISOString() ?? null,
            byGame: games.map((game) => ({
              category: game.category,
              source: game.source,
              provider: game.provider,
              rounds: game.rounds,
              stakes: money(game.stakes),
              validBets: money(game.validBets),
              payouts: money(game.payouts),
              ggr: money(game.stakes - game.payouts),
              lastAt: game.lastAt.toISOString(),
            })),
          }
        : null,
      deposits: deposits.rows.slice(0, LATEST).map((order) => ({
        id: order.reference,
        createdAt: order.createdAt.toISOString(),
        channel: channelName.get(order.channelId) ?? '',
        status: order.status,
        amount: seesCash ? money(order.amount) : null,
      })),
      withdrawals: withdrawals.rows.slice(0, LATEST).map((order) => ({
        id: order.reference,
        createdAt: order.createdAt.toISOString(),
        status: order.status,
        amount: seesCash ? money(order.amount) : null,
      })),
      bonuses: rewards.rows.map((reward) => ({
        kind: reward.kind,
        amount: money(reward.amount),
        status: reward.status,
        createdAt: reward.createdAt.toISOString(),
      })),
      logins: logins.map(presentLogin),
      devices: devicesOf(logins),
      notes: notes.map(presentNote),
      flags: flags.map(presentFlag),
      hidden,
    };
  };
};
