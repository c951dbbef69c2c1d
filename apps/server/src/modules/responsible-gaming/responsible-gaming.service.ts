import { createHash } from 'node:crypto';
import {
  formatMinor,
  parseMoney,
  RG_COOLING_HOURS,
  type RgBlock,
  type RgDuration,
  type RgLimitKind,
  type RgPeriod,
  type RgStatus,
  rgBlockEnd,
  rgLimitKinds,
  rgPeriods,
} from '@tessera/contracts';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { MembersService } from '../members';
import type { BlockRow, LimitRow, ResponsibleGamingRepository, Usage } from './responsible-gaming.repository';

const COOLING_MS = RG_COOLING_HOURS * 3_600_000;
const HISTORY_LIMIT = 100;

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
  members: Pick<MembersService, 'findById' | 'findSamePerson'>;
  now?: () => Date;
}) => {
  const { repository, members } = deps;
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
          const used = usedOf(kind, usage.get(period) ?? { deposited: 0n, wagered: 0n, lost: 0n });
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
    };
  };

  /** Daily ≤ weekly ≤ monthly within one kind, among the limits in force (a missing one bounds nothing). */
  const checkOrder = (rows: LimitRow[], kind: RgLimitKind, period: RgPeriod, amount: bigint, currency: string) => {
    const index = rgPeriods.indexOf(period);
    for (const row of rows) {
      if (row.kind !== kind || row.period === period || row.amount === null) continue;
      const other = rgPeriods.indexOf(row.period);
      if (other < index && row.amount > amount) {
        throw fieldError('amount', 'field_too_small', { min: formatMinor(row.amount, currency) });
      }
      if (other > index && row.amount < amount) {
        throw fieldError('amount', 'field_too_large', { max: formatMinor(row.amount, currency) });
      }
    }
  };

  const memberOf = async (memberId: string) => {
    const member = await members.findById(memberId);
    if (!member) throw new AppError('not_found');
    return member;
  };

  return {
    status: (merchant: MerchantContext, member: MemberPrincipal) =>
      status(merchant.code, merchant.settings.currency, member.memberId),

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
      const key = { merchantCode: merchant.code, memberId: member.memberId, kind: input.kind, period: input.period };
      await repository.inTransaction(async (client) => {
        await repository.lockMember(client, merchant.code, member.memberId);
        const rows = await repository.limits(merchant.code, member.memberId, client);
        const current = rows.find((row) => row.kind === input.kind && row.period === input.period);
        const inForceAmount = current?.amount ?? null;
        if (amount !== null) checkOrder(rows, input.kind, input.period, amount, currency);
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
          details: {
            kind: input.kind,
            period: input.period,
            from: inForceAmount === null ? null : formatMinor(inForceAmount, currency),
            to: amount === null ? null : formatMinor(amount, currency),
          },
        });
      });
      return status(merchant.code, currency, member.memberId);
    },

    /** The second confirmation of a raise or removal, once its cooling period has passed. */
    confirmLimit: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { kind: RgLimitKind; period: RgPeriod },
    ): Promise<RgStatus> => {
      const { currency } = merchant.settings;
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
            from: current.amount === null ? null : formatMinor(current.amount, currency),
            to: current.pendingAmount === null ? null : formatMinor(current.pendingAmount, currency),
          },
        });
      });
      return status(merchant.code, currency, member.memberId);
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
      const [blocks, history] = await Promise.all([
        repository.blocks(member.merchantCode, member.id),
        repository.history(member.merchantCode, member.id, HISTORY_LIMIT),
      ]);
      return {
        member,
        view: {
          ...view,
          memberId: member.id,
          account: member.account,
          blocks: blocks.map(presentBlock),
          history: history.map((row) => ({ action: row.action, details: row.details, at: row.at.toISOString() })),
        },
      };
    },
  };
};

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;
