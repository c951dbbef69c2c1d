import { createHash } from 'node:crypto';
import {
  formatMinor,
  parseMoney,
  RG_COOLING_HOURS,
  type RgBlock,
  type RgConfirmableKind,
  type RgDuration,
  type RgLimitKind,
  type RgPeriod,
  type RgPromptAnswer,
  type RgPromptName,
  type RgPrompts,
  type RgSession,
  type RgStatus,
  rgBlockEnd,
  rgLimitKinds,
  rgPeriods,
  rgSessionLimitMaxMinutes,
} from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { LedgerService } from '../ledger';
import type { MembersService } from '../members';
import type { SessionService } from '../session';
import type {
  BlockRow,
  LimitRow,
  ResponsibleGamingRepository,
  SessionRow,
  Usage,
} from './responsible-gaming.repository';

const COOLING_MS = RG_COOLING_HOURS * 3_600_000;
const HISTORY_LIMIT = 100;
/**
 * The most one count adds to a session (decision 0069): the session module's idle timeout, past which the session
 * would have ended. A quiet gap within it is signed-in time and counts in full at the next beat or request.
 */
const SESSION_COUNT_CAP_SECONDS = 2 * 60 * 60;
/** Transaction types that are play, as the ledger's guard classes them: stakes, wins and returned stakes. */
const PLAY_TYPES = [
  'game_bet',
  'inhouse.stake',
  'game_win',
  'game_cashout',
  'inhouse.payout',
  'game_rollback',
  'inhouse.refund',
];

/** The first moment of the period after the one containing `now` (UTC), when a reached limit lets go. */
export const nextPeriodStart = (period: RgPeriod, now: Date): Date => {
  const start = new Date(`${periodStart(period, now)}T00:00:00.000Z`);
  if (period === 'day') start.setUTCDate(start.getUTCDate() + 1);
  else if (period === 'week') start.setUTCDate(start.getUTCDate() + 7);
  else start.setUTCMonth(start.getUTCMonth() + 1);
  return start;
};

/** The first UTC day of the period containing `now` (ISO weeks from Monday), as the ledger's guard counts. */
export const periodStart = (period: RgPeriod, now: Date): string => {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  if (period === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  if (period === 'month') day.setUTCDate(1);
  return day.toISOString().slice(0, 10);
};

/** Hashes of the normalised e-mail and mobile: how one person is recognised on another merchant. */
export const identityKeysOf = (member: {
  email: string | null;
  mobileDialingCode: string | null;
  mobileNumber: string | null;
}): string[] => {
  const hash = (value: string) => createHash('sha256').update(value).digest('hex');
  const keys: string[] = [];
  const email = member.email?.trim().toLowerCase();
  if (email) keys.push(`email:${hash(email)}`);
  if (member.mobileDialingCode && member.mobileNumber) {
    keys.push(`mobile:${hash(`${member.mobileDialingCode.replace(/\D/g, '')}:${member.mobileNumber}`)}`);
  }
  return keys;
};

const EMPTY_USAGE: Usage = { deposited: 0n, wagered: 0n, lost: 0n, sessionSeconds: 0 };

const usedOf = (kind: RgLimitKind, usage: Usage): bigint =>
  kind === 'deposit' ? usage.deposited : kind === 'wager' ? usage.wagered : usage.lost;

const inForce = (block: BlockRow, now: Date) =>
  block.startsAt.getTime() <= now.getTime() && (block.endsAt === null || block.endsAt.getTime() > now.getTime());

export const presentBlock = (block: BlockRow): RgBlock => ({
  kind: block.kind,
  duration: block.duration,
  allMerchants: block.allMerchants,
  startsAt: block.startsAt.toISOString(),
  endsAt: block.endsAt?.toISOString() ?? null,
});

/**
 * Responsible gaming (issue 31, decision 0062): the member's limits, breaks and exclusions. This service only
 * records the member's choices; the ledger's debit guard (`rg_guard_posting`, migration 0019) enforces them inside
 * every stake and deposit.
 */
export const createResponsibleGamingService = (deps: {
  repository: ResponsibleGamingRepository;
  members: Pick<MembersService, 'findById' | 'findByIds' | 'findSamePerson' | 'findByAccount'>;
  ledger: Pick<LedgerService, 'memberNetSince'>;
  session: Pick<SessionService, 'revokeAllSessions' | 'logout'>;
  now?: () => Date;
}) => {
  const { repository, members, ledger, session } = deps;
  const now = deps.now ?? (() => new Date());

  const status = async (merchantCode: string, currency: string, memberId: string): Promise<RgStatus> => {
    const at = now();
    const [rows, blocks] = await Promise.all([
      repository.limits(merchantCode, memberId),
      repository.blocks(merchantCode, memberId),
    ]);
    const usage = new Map<RgPeriod, Usage>();
    for (const period of rgPeriods) {
      usage.set(period, await repository.usageSince(merchantCode, memberId, periodStart(period, at)));
    }
    const byKey = new Map(rows.map((row) => [`${row.kind}:${row.period}`, row]));
    const money = (minor: bigint | null) => (minor === null ? null : formatMinor(minor, currency));
    const active = blocks
      .filter((block) => inForce(block, at))
      .sort((a, b) => (a.endsAt === null ? -1 : b.endsAt === null ? 1 : b.endsAt.getTime() - a.endsAt.getTime()));
    return {
      currency,
      limits: rgLimitKinds.flatMap((kind) =>
        rgPeriods.map((period) => {
          const row = byKey.get(`${kind}:${period}`);
          const used = usedOf(kind, usage.get(period) ?? EMPTY_USAGE);
          return {
            kind,
            period,
            amount: money(row?.amount ?? null),
            used: formatMinor(used, currency),
            pending: row?.pendingSince
              ? {
                  amount: money(row.pendingAmount),
                  confirmableAt: new Date(row.pendingSince.getTime() + COOLING_MS).toISOString(),
                }
              : null,
          };
        }),
      ),
      block: active[0] ? presentBlock(active[0]) : null,
      sessionLimits: rgPeriods.map((period) => {
        const row = byKey.get(`session:${period}`);
        const minutes = (value: bigint | null | undefined) => (value == null ? null : Number(value));
        return {
          period,
          minutes: minutes(row?.amount),
          usedMinutes: Math.floor((usage.get(period) ?? EMPTY_USAGE).sessionSeconds / 60),
          pending: row?.pendingSince
            ? {
                minutes: minutes(row.pendingAmount),
                confirmableAt: new Date(row.pendingSince.getTime() + COOLING_MS).toISOString(),
              }
            : null,
        };
      }),
      realityCheckMinutes: await repository.realityCheckMinutes(merchantCode, memberId),
    };
  };

  /**
   * The session-time limit the member has reached, if any: the one that lets go last (sign-in waits for it).
   */
  const reachedSessionLimit = async (merchantCode: string, memberId: string) => {
    const at = now();
    const rows = (await repository.limits(merchantCode, memberId)).filter(
      (row) => row.kind === 'session' && row.amount !== null,
    );
    let reached: { period: RgPeriod; resumesAt: string } | null = null;
    for (const row of rows) {
      const used = await repository.usageSince(merchantCode, memberId, periodStart(row.period, at));
      if (row.amount !== null && BigInt(used.sessionSeconds) >= row.amount * 60n) {
        const resumesAt = nextPeriodStart(row.period, at).toISOString();
        if (!reached || resumesAt > reached.resumesAt) reached = { period: row.period, resumesAt };
      }
    }
    return reached;
  };

  const sessionLimitError = (reached: { period: RgPeriod; resumesAt: string }) =>
    new AppError('responsible_gaming_session_limit', { value: reached });

  /** Counts the session's time; past a session-time limit, ends every session of the member and says so. */
  const countAndEnforce = async (key: { merchantCode: string; memberId: string; sessionId: string }) => {
    const row = await repository.countSession(key, SESSION_COUNT_CAP_SECONDS);
    const reached = await reachedSessionLimit(key.merchantCode, key.memberId);
    if (reached) {
      await session.revokeAllSessions(key.memberId);
      await repository.addHistory(repository.pool, {
        merchantCode: key.merchantCode,
        memberId: key.memberId,
        action: 'session_limit.reached',
        details: reached,
      });
    }
    return { row, reached };
  };

  const presentSession = async (merchant: MerchantContext, memberId: string, row: SessionRow): Promise<RgSession> => {
    const { currency } = merchant.settings;
    const net = await ledger.memberNetSince(merchant.code, memberId, PLAY_TYPES, row.startedAt);
    return {
      currency,
      startedAt: row.startedAt.toISOString(),
      elapsedSeconds: row.countedSeconds,
      realityCheckMinutes: await repository.realityCheckMinutes(merchant.code, memberId),
      realityCheckDue: row.nextCheckSeconds !== null && row.countedSeconds >= row.nextCheckSeconds,
      netPosition: formatMinor(net, currency),
    };
  };

  const keyOf = (merchant: MerchantContext, member: MemberPrincipal) => ({
    merchantCode: merchant.code,
    memberId: member.memberId,
    sessionId: member.sessionId,
  });

  /** How a limit's amount reads: money in the merchant's currency, or whole minutes of session time. */
  const presentAmount = (kind: RgConfirmableKind, currency: string) => (amount: bigint | null) =>
    amount === null ? null : kind === 'session' ? String(amount) : formatMinor(amount, currency);

  /** Daily ≤ weekly ≤ monthly within one kind, among the limits in force (a missing one bounds nothing). */
  const checkOrder = (
    rows: LimitRow[],
    kind: RgConfirmableKind,
    period: RgPeriod,
    amount: bigint,
    currency: string,
  ) => {
    const index = rgPeriods.indexOf(period);
    const field = kind === 'session' ? 'minutes' : 'amount';
    const present = presentAmount(kind, currency);
    for (const row of rows) {
      if (row.kind !== kind || row.period === period || row.amount === null) continue;
      const other = rgPeriods.indexOf(row.period);
      if (other < index && row.amount > amount) {
        throw fieldError(field, 'field_too_small', { min: present(row.amount) ?? '' });
      }
      if (other > index && row.amount < amount) {
        throw fieldError(field, 'field_too_large', { max: present(row.amount) ?? '' });
      }
    }
  };

  /** One limit changed: a lowering (or a first limit) at once; a raise or removal waits for the cooling period. */
  const applyLimit = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    kind: RgConfirmableKind,
    period: RgPeriod,
    amount: bigint | null,
  ) => {
    const present = presentAmount(kind, merchant.settings.currency);
    const key = { merchantCode: merchant.code, memberId: member.memberId, kind, period };
    await repository.inTransaction(async (client) => {
      await repository.lockMember(client, merchant.code, member.memberId);
      const rows = await repository.limits(merchant.code, member.memberId, client);
      const current = rows.find((row) => row.kind === kind && row.period === period);
      const inForceAmount = current?.amount ?? null;
      if (amount !== null) checkOrder(rows, kind, period, amount, merchant.settings.currency);
      const immediate = amount !== null && (inForceAmount === null || amount <= inForceAmount);
      if (immediate) {
        await repository.upsertLimit(client, key, { amount, pendingAmount: null, pendingSince: null });
      } else if (inForceAmount === null && amount === null) {
        await repository.upsertLimit(client, key, { amount: null, pendingAmount: null, pendingSince: null });
      } else {
        const samePending = current?.pendingSince != null && current.pendingAmount === amount;
        await repository.upsertLimit(client, key, {
          amount: inForceAmount,
          pendingAmount: amount,
          pendingSince: samePending && current?.pendingSince ? current.pendingSince : now(),
        });
      }
      await repository.addHistory(client, {
        merchantCode: merchant.code,
        memberId: member.memberId,
        action: immediate ? 'limit.set' : 'limit.raise_requested',
        details: { kind, period, from: present(inForceAmount), to: present(amount) },
      });
    });
  };

  /**
   * The offer of limits is due until answered, to a member who has not deposited yet: right after registration,
   * and before the first deposit of a member who registered earlier. The information is due until acknowledged.
   */
  const promptsOf = async (merchantCode: string, memberId: string): Promise<RgPrompts> => {
    const answered = await repository.answeredPrompts(merchantCode, memberId);
    return {
      limitsOffer: !answered.includes('limits_offer') && !(await repository.hasDeposited(merchantCode, memberId)),
      firstWagerInfo: !answered.includes('first_wager_info'),
    };
  };

  const memberOf = async (memberId: string) => {
    const member = await members.findById(memberId);
    if (!member) throw new AppError('not_found');
    return member;
  };

  return {
    status: (merchant: MerchantContext, member: MemberPrincipal) =>
      status(merchant.code, merchant.settings.currency, member.memberId),

    /**
     * Which of `memberIds` of one merchant are on a break or self-excluded now, or at any moment of `during`
     * (decision 0103): marketing leaves them out, and agents' contracts stop counting them for that period.
     */
    blockedAmong: (merchantCode: string, memberIds: readonly string[], during?: { from: Date; to: Date }) => {
      const at = now();
      return repository.blockedAmong(merchantCode, memberIds, during?.from ?? at, during?.to ?? at);
    },

    /**
     * The exclusion register (decision 0103): breaks and exclusions of every account of the person found by
     * e-mail, mobile (`+<dialling code> <number>`) or account name, on every merchant; `merchantCodes` narrows
     * the accounts shown to an operator bound to one merchant.
     */
    register: async (query: string, merchantCodes: readonly string[] | null) => {
      const q = query.trim();
      const mobile = /^\+?(\d{1,4})[\s-]+(\d{4,15})$/.exec(q);
      const seeds = q.includes('@')
        ? [{ email: q, mobileDialingCode: null, mobileNumber: null }]
        : mobile
          ? [{ email: null, mobileDialingCode: mobile[1] ?? null, mobileNumber: mobile[2] ?? null }]
          : await members.findByAccount(q, merchantCodes);
      const people = new Map<string, { id: string; merchantCode: string }>();
      for (const seed of seeds) {
        if ('id' in seed) people.set(seed.id as string, seed as { id: string; merchantCode: string });
        for (const row of await members.findSamePerson(seed)) people.set(row.id, row);
      }
      // One step further: an account found by its mobile brings the accounts sharing its e-mail, and back.
      for (const row of await members.findByIds([...people.keys()])) {
        for (const same of await members.findSamePerson(row)) people.set(same.id, same);
      }
      const visible = [...people.values()].filter(
        (row) => merchantCodes === null || merchantCodes.includes(row.merchantCode),
      );
      const blocks = await repository.blocksOfMembers(visible.map((row) => row.id));
      const accounts = new Map(
        (await members.findByIds(visible.map((row) => row.id))).map((row) => [row.id, row.account]),
      );
      const at = now();
      return blocks.map((block) => ({
        merchantCode: block.merchantCode,
        memberId: block.memberId,
        account: accounts.get(block.memberId) ?? '',
        ...presentBlock(block),
        inForce: inForce(block, at),
      }));
    },

    /** A lowering (or a first limit) applies at once; a raise or removal waits for the cooling period. */
    setLimit: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { kind: RgLimitKind; period: RgPeriod; amount: string | null },
    ): Promise<RgStatus> => {
      const { currency } = merchant.settings;
      let amount: bigint | null = null;
      if (input.amount !== null) {
        const parsed = parseMoney(input.amount, currency);
        if (!parsed.ok) throw fieldError('amount', parsed.error);
        amount = parsed.minor;
      }
      await applyLimit(merchant, member, input.kind, input.period, amount);
      return status(merchant.code, currency, member.memberId);
    },

    /** A session-time limit in minutes, by the same rules; at most the period's own length. */
    setSessionLimit: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { period: RgPeriod; minutes: number | null },
    ): Promise<RgStatus> => {
      const max = rgSessionLimitMaxMinutes[input.period];
      if (input.minutes !== null && input.minutes > max) {
        throw fieldError('minutes', 'field_too_large', { max: String(max) });
      }
      await applyLimit(
        merchant,
        member,
        'session',
        input.period,
        input.minutes === null ? null : BigInt(input.minutes),
      );
      return status(merchant.code, merchant.settings.currency, member.memberId);
    },

    /** The second confirmation of a raise or removal, once its cooling period has passed. */
    confirmLimit: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { kind: RgConfirmableKind; period: RgPeriod },
    ): Promise<RgStatus> => {
      const { currency } = merchant.settings;
      const present = presentAmount(input.kind, currency);
      await repository.inTransaction(async (client) => {
        await repository.lockMember(client, merchant.code, member.memberId);
        const rows = await repository.limits(merchant.code, member.memberId, client);
        const current = rows.find((row) => row.kind === input.kind && row.period === input.period);
        if (!current?.pendingSince || now().getTime() < current.pendingSince.getTime() + COOLING_MS) {
          throw new AppError('responsible_gaming_cooling');
        }
        if (current.pendingAmount !== null) {
          checkOrder(rows, input.kind, input.period, current.pendingAmount, currency);
        }
        await repository.upsertLimit(
          client,
          { merchantCode: merchant.code, memberId: member.memberId, kind: input.kind, period: input.period },
          { amount: current.pendingAmount, pendingAmount: null, pendingSince: null },
        );
        await repository.addHistory(client, {
          merchantCode: merchant.code,
          memberId: member.memberId,
          action: 'limit.raise_confirmed',
          details: {
            kind: input.kind,
            period: input.period,
            from: present(current.amount),
            to: present(current.pendingAmount),
          },
        });
      });
      return status(merchant.code, currency, member.memberId);
    },

    /** Which one-time prompts of the member site are still due (decision 0107). */
    prompts: (merchant: MerchantContext, member: MemberPrincipal) => promptsOf(merchant.code, member.memberId),

    /**
     * The member's answer to a prompt (the contract has checked it fits the prompt). The first answer stands and
     * is kept in the member's history, which the back office's view shows; a repeated answer changes nothing.
     */
    answerPrompt: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { prompt: RgPromptName; answer: RgPromptAnswer },
    ): Promise<RgPrompts> => {
      await repository.inTransaction(async (client) => {
        const key = { merchantCode: merchant.code, memberId: member.memberId };
        if (await repository.answerPrompt(client, key, input.prompt, input.answer)) {
          await repository.addHistory(client, {
            ...key,
            action: `prompt.${input.prompt}`,
            details: { answer: input.answer },
          });
        }
      });
      return promptsOf(merchant.code, member.memberId);
    },

    /** The reality-check interval (null: off), counted from now in the member's open sessions. */
    setRealityCheck: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      minutes: number | null,
    ): Promise<RgStatus> => {
      await repository.inTransaction(async (client) => {
        await repository.setRealityCheck(client, merchant.code, member.memberId, minutes);
        await repository.addHistory(client, {
          merchantCode: merchant.code,
          memberId: member.memberId,
          action: 'reality_check.set',
          details: { minutes },
        });
      });
      return status(merchant.code, merchant.settings.currency, member.memberId);
    },

    /** The member site's beat: counts the session's time, and ends it past a session-time limit. */
    heartbeat: async (merchant: MerchantContext, member: MemberPrincipal): Promise<RgSession> => {
      const { row, reached } = await countAndEnforce(keyOf(merchant, member));
      if (reached) throw sessionLimitError(reached);
      return presentSession(merchant, member.memberId, row);
    },

    /** The session as counted so far (its clock opened if this is its first word). */
    session: async (merchant: MerchantContext, member: MemberPrincipal): Promise<RgSession> => {
      const row =
        (await repository.session(merchant.code, member.memberId, member.sessionId)) ??
        (await repository.countSession(keyOf(merchant, member), SESSION_COUNT_CAP_SECONDS));
      return presentSession(merchant, member.memberId, row);
    },

    /** Records the member's answer to the reality check due; "stop" ends the session. */
    answerRealityCheck: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      response: 'continue' | 'stop',
    ): Promise<RgSession> => {
      const row = await repository.session(merchant.code, member.memberId, member.sessionId);
      if (!row) throw new AppError('reality_check_not_due');
      const netPosition = await ledger.memberNetSince(merchant.code, member.memberId, PLAY_TYPES, row.startedAt);
      if (!(await repository.answerRealityCheck(keyOf(merchant, member), { response, netPosition }))) {
        throw new AppError('reality_check_not_due');
      }
      const answered = await repository.session(merchant.code, member.memberId, member.sessionId);
      if (response === 'stop') await session.logout(member);
      return presentSession(merchant, member.memberId, answered ?? row);
    },

    /**
     * Signed-in activity (the session module's touch, at most once a minute): counted, so a page that stops beating
     * is counted all the same; past a session-time limit the request is refused with the limit's error.
     */
    countActivity: async (principal: MemberPrincipal): Promise<void> => {
      const { reached } = await countAndEnforce({
        merchantCode: principal.merchantCode,
        memberId: principal.memberId,
        sessionId: principal.sessionId,
      });
      if (reached) throw sessionLimitError(reached);
    },

    /** Refuses a sign-in while a session-time limit the member reached holds. */
    guardLogin: async (merchantCode: string, memberId: string): Promise<void> => {
      const reached = await reachedSessionLimit(merchantCode, memberId);
      if (reached) throw sessionLimitError(reached);
    },

    /**
     * A break or self-exclusion from now. With `allMerchants`, every member on any merchant with the same e-mail
     * or mobile is blocked in the same transaction, and later registrations of that person are blocked too.
     */
    block: async (
      merchant: MerchantContext,
      principal: MemberPrincipal,
      input: { kind: 'break' | 'self_exclusion'; duration: RgDuration; allMerchants: boolean },
    ): Promise<RgStatus> => {
      const member = await memberOf(principal.memberId);
      const startsAt = now();
      const endsAt = rgBlockEnd(input.duration, startsAt);
      const keys = input.allMerchants ? identityKeysOf(member) : [];
      const others = input.allMerchants
        ? (await members.findSamePerson(member)).filter((row) => row.id !== member.id)
        : [];
      await repository.inTransaction(async (client) => {
        const origin = await repository.insertBlock(client, {
          merchantCode: merchant.code,
          memberId: member.id,
          kind: input.kind,
          duration: input.duration,
          allMerchants: input.allMerchants,
          identityKeys: keys,
          originId: null,
          startsAt,
          endsAt,
        });
        for (const other of others) {
          await repository.insertBlock(client, {
            merchantCode: other.merchantCode,
            memberId: other.id,
            kind: input.kind,
            duration: input.duration,
            allMerchants: true,
            identityKeys: [],
            originId: origin.id,
            startsAt,
            endsAt,
          });
          await repository.addHistory(client, {
            merchantCode: other.merchantCode,
            memberId: other.id,
            action: `${input.kind}.taken_elsewhere`,
            details: { duration: input.duration, fromMerchant: merchant.code },
          });
        }
        await repository.addHistory(client, {
          merchantCode: merchant.code,
          memberId: member.id,
          action: `${input.kind}.taken`,
          details: { duration: input.duration, allMerchants: input.allMerchants, merchantsCovered: others.length + 1 },
        });
      });
      return status(merchant.code, merchant.settings.currency, member.id);
    },

    /** A newly registered member who is a person blocked on every merchant is blocked here too. */
    coverNewMember: async (merchantCode: string, memberId: string): Promise<void> => {
      const member = await members.findById(memberId);
      if (!member) return;
      for (const origin of await repository.activeBlocksOfPerson(identityKeysOf(member))) {
        if (await repository.hasCopy(merchantCode, memberId, origin.id)) continue;
        await repository.inTransaction(async (client) => {
          // The registration's subscriber and a direct call (or a redelivery) may race: checked again under a lock.
          await repository.lockCopiesOf(client, memberId);
          if (await repository.hasCopy(merchantCode, memberId, origin.id, client)) return;
          await repository.insertBlock(client, {
            merchantCode,
            memberId,
            kind: origin.kind,
            duration: origin.duration,
            allMerchants: true,
            identityKeys: [],
            originId: origin.id,
            startsAt: now(),
            endsAt: origin.endsAt,
          });
          await repository.addHistory(client, {
            merchantCode,
            memberId,
            action: `${origin.kind}.taken_elsewhere`,
            details: { duration: origin.duration, fromMerchant: origin.merchantCode },
          });
        });
      }
    },

    /** The back office's read-only view of one member (the caller has checked the operator's scope). */
    adminView: async (memberId: string, currency: (merchantCode: string) => Promise<string>) => {
      const member = await memberOf(memberId);
      const view = await status(member.merchantCode, await currency(member.merchantCode), member.id);
      const viewCurrency = view.currency;
      const [blocks, history, checks] = await Promise.all([
        repository.blocks(member.merchantCode, member.id),
        repository.history(member.merchantCode, member.id, HISTORY_LIMIT),
        repository.realityChecks(member.merchantCode, member.id, HISTORY_LIMIT),
      ]);
      return {
        member,
        view: {
          ...view,
          memberId: member.id,
          account: member.account,
          blocks: blocks.map(presentBlock),
          history: history.map((row) => ({ action: row.action, details: row.details, at: row.at.toISOString() })),
          realityChecks: checks.map((row) => ({
            response: row.response,
            elapsedSeconds: row.elapsedSeconds,
            netPosition: formatMinor(BigInt(row.netPosition), viewCurrency),
            at: row.at.toISOString(),
          })),
        },
      };
    },
  };
};

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;
