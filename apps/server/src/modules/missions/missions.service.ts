import {
  type LanguageCode,
  MISSION_BOARD_TOP,
  MISSION_COUNT_TARGET_MAX,
  type MissionBoardPeriod,
  type MissionInput,
  missionKindIsMoney,
  parseMoney,
  TRIAL_MEMBER_TYPE,
} from '@tessera/contracts';
import { type EventPayload, emit } from '../../platform/events';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { LedgerService } from '../ledger';
import type { MembersService } from '../members';
import type { MerchantsService } from '../merchants';
import { demoMissions } from './missions.demo';
import type { Client, MissionRow, MissionsRepository, MissionValues, ProgressRow } from './missions.repository';
import { advance, earlierPeriodKey, type MissionFact, periodBounds, periodKeyOf } from './missions.rules';

/** Where mission rewards are paid from: the merchant's promotions account. */
const HOUSE = { house: 'promotions' as const };
/** The largest reward an operator may set, in minor units. */
const REWARD_MAX_MINOR = 10n ** 12n;

export type MissionsAudit = (
  client: Client,
  entry: { action: 'missions.create' | 'missions.update'; target: string; details: Record<string, unknown> },
) => Promise<void>;

/** A member's row of a mission: this period's (possibly not started) or an earlier one still to be claimed. */
export interface MemberMission {
  mission: MissionRow;
  periodKey: string;
  endsAt: Date | null;
  progress: bigint;
  target: bigint;
  reward: bigint;
  score: number;
  completedAt: Date | null;
  claimedAt: Date | null;
}

export const createMissionsService = (deps: {
  repository: MissionsRepository;
  ledger: LedgerService;
  members: MembersService;
  merchants: MerchantsService;
  now?: () => Date;
}) => {
  const { repository, ledger, members, merchants } = deps;
  const now = deps.now ?? (() => new Date());

  /** The merchant's clock for an event; null for a merchant that is unknown or switched off (nothing counts). */
  const timeZoneOf = async (merchantCode: string): Promise<string | null> => {
    try {
      return (await merchants.resolve({ code: merchantCode, host: '' })).settings.timeZone;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };

  /** A member who earns missions: of the merchant, not a free-play trial account. */
  const earner = async (merchantCode: string, memberId: string) => {
    const member = await members.findById(memberId);
    return member && member.merchantCode === merchantCode && member.type !== TRIAL_MEMBER_TYPE ? member : null;
  };

  /**
   * Applies one fact to every enabled mission of the merchant, on the delivery's transaction: each row locked,
   * advanced by the pure rules, and on completion the mission's score added to the day's and week's boards.
   */
  const applyFact = async (
    client: Client,
    merchantCode: string,
    memberId: string,
    at: Date,
    fact: (timeZone: string) => MissionFact,
  ) => {
    const list = await repository.missions(merchantCode, true, client);
    if (list.length === 0) return;
    const timeZone = await timeZoneOf(merchantCode);
    if (!timeZone) return;
    const member = await earner(merchantCode, memberId);
    if (!member) return;
    const counted = fact(timeZone);
    for (const mission of list) {
      const row = await repository.lockProgress(client, mission, memberId, periodKeyOf(mission.period, timeZone, at));
      const step = advance(mission.kind, mission.category, row, counted);
      if (!step) continue;
      await repository.saveProgress(client, row.id, step);
      if (!step.completes) continue;
      await emit(client, 'mission.completed', {
        merchantCode,
        memberId,
        missionId: mission.id,
        periodKey: row.periodKey,
      });
      if (row.score <= 0) continue;
      for (const period of ['daily', 'weekly'] as const) {
        await repository.addBoardScore(client, {
          merchantCode,
          period,
          periodKey: periodKeyOf(period, timeZone, at),
          memberId,
          username: member.username,
          add: row.score,
        });
      }
    }
  };

  const judge = (merchant: MerchantContext, input: MissionInput): MissionValues => {
    const { currency, defaultLanguage, supportedLanguages } = merchant.settings;
    const texts = (record: Partial<Record<LanguageCode, string>>, field: string) => {
      const kept: Partial<Record<LanguageCode, string>> = {};
      for (const [lang, text] of Object.entries(record) as [LanguageCode, string][]) {
        if (!supportedLanguages.includes(lang)) throw fieldError(`${field}.${lang}`, 'field_not_allowed');
        if (text.trim()) kept[lang] = text.trim();
      }
      return kept;
    };
    const titles = texts(input.titles, 'titles');
    if (!titles[defaultLanguage]) throw fieldError(`titles.${defaultLanguage}`, 'not_empty');
    let target: bigint;
    if (missionKindIsMoney(input.kind)) {
      const parsed = parseMoney(input.target, currency);
      if (!parsed.ok) throw fieldError('target', parsed.error);
      target = parsed.minor;
    } else {
      if (!/^\d+$/.test(input.target)) throw fieldError('target', 'field_invalid');
      target = BigInt(input.target);
      if (target < 1n) throw fieldError('target', 'field_too_small', { min: 1 });
      const max =
        input.kind === 'login_days' ? { daily: 1, weekly: 7, once: 366 }[input.period] : MISSION_COUNT_TARGET_MAX;
      if (target > BigInt(max)) throw fieldError('target', 'field_too_large', { max });
    }
    // A reward of zero is allowed: the mission then only scores on the leaderboard.
    let rewardMinor = 0n;
    if (!/^0+(\.0+)?$/.test(input.reward)) {
      const reward = parseMoney(input.reward, currency);
      if (!reward.ok) throw fieldError('reward', reward.error);
      rewardMinor = reward.minor;
    }
    if (rewardMinor > REWARD_MAX_MINOR) throw fieldError('reward', 'field_too_large');
    const category = input.kind === 'rounds' || input.kind === 'valid_bet' ? input.category : 'all';
    return {
      kind: input.kind,
      period: input.period,
      category,
      target,
      reward: rewardMinor,
      score: input.score,
      titles,
      descriptions: texts(input.descriptions, 'descriptions'),
      enabled: input.enabled,
      sortOrder: input.sortOrder,
    };
  };

  const snapshot = (row: MissionRow) => ({
    kind: row.kind,
    period: row.period,
    category: row.category,
    target: row.target.toString(),
    reward: row.reward.toString(),
    score: row.score,
    enabled: row.enabled,
    sortOrder: row.sortOrder,
    titles: row.titles,
  });

  const currentKeys = (merchant: MerchantContext) => ({
    daily: periodKeyOf('daily', merchant.settings.timeZone, now()),
    weekly: periodKeyOf('weekly', merchant.settings.timeZone, now()),
  });

  const service = {
    /** Subscriber `missions.bets`: a settled round counts towards rounds and valid-bet missions. */
    fromBet: (client: Client, event: EventPayload<'bet.settled'>) =>
      applyFact(client, event.merchantCode, event.memberId, new Date(event.settledAt), () => ({
        type: 'bet',
        gameType: event.gameType,
        betAmount: event.betAmount,
        validBet: event.validBet,
      })),

    /** Subscriber `missions.deposits`: a credited deposit counts towards deposit missions, at its delivery time. */
    fromDeposit: (client: Client, event: EventPayload<'deposit.credited'>) =>
      applyFact(client, event.merchantCode, event.memberId, now(), () => ({ type: 'deposit', amount: event.amount })),

    /** Subscriber `missions.logins`: a login counts its merchant day once towards login-day missions. */
    fromLogin: (client: Client, event: EventPayload<'member.logged_in'>) => {
      const at = new Date(event.at);
      return applyFact(client, event.merchantCode, event.memberId, at, (timeZone) => ({
        type: 'login',
        day: periodKeyOf('daily', timeZone, at),
      }));
    },

    /** The member's missions: this period's row of each enabled mission, then earlier completed ones unclaimed. */
    summary: async (merchant: MerchantContext, memberId: string): Promise<MemberMission[]> => {
      const { timeZone } = merchant.settings;
      const at = now();
      const list = await repository.missions(merchant.code, true);
      const current = list.map((mission) => ({
        missionId: mission.id,
        periodKey: periodKeyOf(mission.period, timeZone, at),
      }));
      const rows = await repository.memberRows(memberId, current);
      const byKey = new Map(rows.map((row) => [`${row.missionId}|${row.periodKey}`, row]));
      const endOf = (mission: MissionRow, key: string) =>
        mission.period === 'once' ? null : periodBounds(mission.period, key, timeZone).endsAt;
      const present = (mission: MissionRow, key: string, row: ProgressRow | undefined): MemberMission => ({
        mission,
        periodKey: key,
        endsAt: endOf(mission, key),
        progress: row?.progress ?? 0n,
        target: row?.target ?? mission.target,
        reward: row?.reward ?? mission.reward,
        score: row?.score ?? mission.score,
        completedAt: row?.completedAt ?? null,
        claimedAt: row?.claimedAt ?? null,
      });
      const result = current.map((entry, index) =>
        present(list[index] as MissionRow, entry.periodKey, byKey.get(`${entry.missionId}|${entry.periodKey}`)),
      );
      const shown = new Set(current.map((entry) => `${entry.missionId}|${entry.periodKey}`));
      const earlier = rows.filter((row) => !shown.has(`${row.missionId}|${row.periodKey}`));
      if (earlier.length > 0) {
        const known = new Map(list.map((mission) => [mission.id, mission]));
        const missing = [...new Set(earlier.map((row) => row.missionId))].filter((id) => !known.has(id));
        for (const mission of await repository.missionsByIds(missing)) known.set(mission.id, mission);
        for (const row of earlier) {
          const mission = known.get(row.missionId);
          if (mission) result.push(present(mission, row.periodKey, row));
        }
      }
      return result;
    },

    claimableCount: (memberId: string) => repository.claimableCount(memberId),

    /**
     * Claims a completed mission's reward once: the row locked, marked claimed and paid (promotions account → main
     * wallet, key `mission:<row>`) in one transaction. Concurrent claims wait on the lock and find it claimed.
     */
    claim: async (merchant: MerchantContext, member: MemberPrincipal, missionId: string, periodKey: string) => {
      const { currency } = merchant.settings;
      await ledger.prepare({
        merchantCode: merchant.code,
        currency,
        accounts: [{ member: member.memberId, wallet: 'main' }, HOUSE],
      });
      const paid = await repository.inTransaction(async (client) => {
        const row = await repository.lockForClaim(client, member.memberId, missionId, periodKey);
        if (!row) throw new AppError('mission_not_found');
        if (!row.completedAt) throw new AppError('mission_not_complete');
        if (row.claimedAt) throw new AppError('mission_already_claimed');
        await repository.markClaimed(client, row.id);
        if (row.reward > 0n) {
          await ledger.transfer(
            {
              merchantCode: merchant.code,
              currency,
              type: 'mission_reward',
              idempotencyKey: `mission:${row.id}`,
              reference: `${missionId}:${periodKey}`,
              from: HOUSE,
              to: { member: member.memberId, wallet: 'main' },
              amount: row.reward,
            },
            client,
          );
        }
        return { reward: row.reward, missionCount: await repository.claimableCount(member.memberId, client) };
      });
      if (paid.reward > 0n) ledger.announceBalanceChange(merchant.code, [member.memberId]);
      return paid;
    },

    /** A day's or week's board (offset 0: the current one, 1: the one before) and the member's own place. */
    leaderboard: async (merchant: MerchantContext, memberId: string, period: MissionBoardPeriod, offset: number) => {
      const { timeZone } = merchant.settings;
      const periodKey = earlierPeriodKey(period, timeZone, now(), offset);
      const { top, place } = await repository.boardView(merchant.code, period, periodKey, memberId, MISSION_BOARD_TOP);
      return { period, periodKey, ...periodBounds(period, periodKey, timeZone), top, place };
    },

    // ---------------------------------------------------------------------------------------------------------
    // Back office: each change and its audit row commit together.

    adminList: async (merchant: MerchantContext) => {
      const keys = currentKeys(merchant);
      const [list, figures] = await Promise.all([
        repository.missions(merchant.code, false),
        repository.figures(merchant.code, keys),
      ]);
      const byMission = new Map(figures.map((row) => [row.missionId, row]));
      return list.map((mission) => ({
        mission,
        currentPeriodKey: mission.period === 'once' ? 'once' : keys[mission.period],
        figures: byMission.get(mission.id) ?? null,
      }));
    },

    create: async (merchant: MerchantContext, input: MissionInput, audit: MissionsAudit) => {
      const values = judge(merchant, input);
      return repository.inTransaction(async (client) => {
        const row = await repository.insertMission(client, merchant.code, values);
        await audit(client, {
          action: 'missions.create',
          target: `mission:${row.id}`,
          details: { after: snapshot(row) },
        });
        return row;
      });
    },

    update: async (merchant: MerchantContext, id: string, input: MissionInput, audit: MissionsAudit) => {
      const values = judge(merchant, input);
      return repository.inTransaction(async (client) => {
        const before = await repository.lockMission(client, merchant.code, id);
        if (!before) throw new AppError('not_found');
        const changesWhatCounts = before.kind !== values.kind || before.period !== values.period;
        if (changesWhatCounts && (await repository.hasProgress(client, id))) throw new AppError('mission_in_use');
        const row = await repository.updateMission(client, id, values);
        await audit(client, {
          action: 'missions.update',
          target: `mission:${id}`,
          details: { before: snapshot(before), after: snapshot(row) },
        });
        return row;
      });
    },

    /**
     * The demo merchant's missions on a real start (`demoMissions`): written once, when the merchant has none, through
     * the editor's judging; a merchant an operator has configured is left alone.
     */
    seedDemo: async (merchantCode: string): Promise<void> => {
      if ((await repository.missions(merchantCode, false)).length > 0) return;
      const merchant = await merchants.resolve({ code: merchantCode, host: '' });
      const values = demoMissions(merchant.settings.supportedLanguages).map((input) => judge(merchant, input));
      await repository.inTransaction(async (client) => {
        for (const value of values) await repository.insertMission(client, merchantCode, value);
      });
    },
  };
  return service;
};

export type MissionsService = ReturnType<typeof createMissionsService>;
