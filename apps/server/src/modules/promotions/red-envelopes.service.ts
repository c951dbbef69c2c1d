import {
  amountFieldFor,
  BONUS_AMOUNT_MAX_MINOR,
  type FieldError,
  formatMinor,
  inRegions,
  isEligibilityRegion,
  issuesToFieldErrors,
  type LanguageCode,
  minorOfChecked,
  type RedEnvelopeInput,
  type RedEnvelopeText,
  storedRegions,
} from '@tessera/contracts';
import { createServerSeed, hashServerSeed, splitRandom } from '@tessera/engines';
import { pgErrorOf } from '../../platform/db/pg-errors';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { BonusesService } from '../bonuses';
import type { LedgerService } from '../ledger';
import type { MemberRow } from '../members';
import type {
  Client,
  RedEnvelopeRow,
  RedEnvelopesRepository,
  RedEnvelopeValues,
  ShareRow,
} from './red-envelopes.repository';

/** members.type of a free-play trial account. */
const TRIAL_TYPE = 4;
const DAY_MS = 86_400_000;

/** Who changed what, recorded in the audit log on the change's own transaction. */
export type RedEnvelopesAudit = (
  client: Client,
  entry: {
    action: 'red_envelope.create' | 'red_envelope.update';
    target: string;
    details: Record<string, unknown>;
  },
) => Promise<void>;

export interface RedEnvelopesDeps {
  repository: RedEnvelopesRepository;
  bonuses: BonusesService;
  ledger: Pick<LedgerService, 'announceBalanceChange'>;
  memberOf: (memberId: string) => Promise<Pick<MemberRow, 'createdAt' | 'country'> | null>;
  vipRank: (merchant: MerchantContext, member: MemberPrincipal) => Promise<number>;
}

/** The state a member sees of an envelope (the member's share, if any, decides first). */
export type RedEnvelopeView = {
  envelope: RedEnvelopeRow;
  share: ShareRow | null;
  state: 'coming_soon' | 'open' | 'claimed' | 'empty' | 'closed' | 'ineligible';
  ineligibleReason: string | null;
};

/** An envelope's text in the reader's language, else the merchant's default, else any. */
export const envelopeTextIn = (
  texts: Partial<Record<LanguageCode, RedEnvelopeText>>,
  language: LanguageCode | null,
  fallback: LanguageCode,
): RedEnvelopeText =>
  (language ? texts[language] : undefined) ?? texts[fallback] ?? Object.values(texts)[0] ?? { title: '', blessing: '' };

/** Whether the seed may be shown: once the window is over, nobody can claim a share any more. */
export const seedRevealed = (envelope: Pick<RedEnvelopeRow, 'endsAt'>, now: Date): boolean => now >= envelope.endsAt;

/**
 * Red envelopes created by operators (decision 0098). Creating one splits its total into its shares at once with
 * `splitRandom` from a fresh server seed whose SHA-256 is published; the seed is revealed when the window ends, so
 * anyone can recompute every share. A claim takes the next share in split order under the envelope row's lock and
 * pays it as a bonus (`red-envelope:<id>:<position>`) in the same transaction; the unique (envelope, member) key
 * makes "once per member" hold whatever the concurrency, and the counter's CHECK makes "no more than the shares".
 */
export const createRedEnvelopesService = (deps: RedEnvelopesDeps) => {
  const { repository, bonuses } = deps;

  const ineligibility = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    envelope: RedEnvelopeRow,
  ): Promise<string | null> => {
    if (member.type === TRIAL_TYPE) return 'promotion_reason_trial';
    if (envelope.currency !== merchant.settings.currency) return 'promotion_reason_currency';
    if (envelope.newMembersOnly || envelope.regions.length > 0) {
      const row = await deps.memberOf(member.memberId);
      // The member's region now (decision 0142): the country of its latest sign-in, judged on every claim.
      if (!inRegions(envelope.regions, row?.country ?? null)) return 'red_envelope_reason_region';
      if (envelope.newMembersOnly && (!row || row.createdAt < envelope.startsAt)) return 'promotion_reason_new_members';
    }
    if (envelope.minVipLevel > 0 && (await deps.vipRank(merchant, member)) < envelope.minVipLevel) {
      return 'promotion_reason_vip';
    }
    return null;
  };

  /** The view of one envelope for a member (or a visitor). */
  const viewOf = async (
    merchant: MerchantContext,
    member: MemberPrincipal | null,
    envelope: RedEnvelopeRow,
    share: ShareRow | null,
    now: Date,
  ): Promise<RedEnvelopeView> => {
    const view = (state: RedEnvelopeView['state'], ineligibleReason: string | null = null): RedEnvelopeView => ({
      envelope,
      share,
      state,
      ineligibleReason,
    });
    if (share) return view('claimed');
    if (now >= envelope.endsAt) return view('closed');
    if (now < envelope.startsAt) return view('coming_soon');
    if (envelope.claimed >= envelope.shares) return view('empty');
    const reason = member ? await ineligibility(merchant, member, envelope) : null;
    return reason ? view('ineligible', reason) : view('open');
  };

  /**
   * The editor's values judged in the merchant's currency and languages: the total in minor units, at least one per
   * share; every field error at once.
   */
  const judge = (merchant: MerchantContext, input: RedEnvelopeInput): RedEnvelopeValues => {
    const { currency, defaultLanguage, supportedLanguages } = merchant.settings;
    const errors: FieldError[] = [];
    let totalAmount = 0n;
    const judged = amountFieldFor(currency, BONUS_AMOUNT_MAX_MINOR).safeParse(input.totalAmount);
    if (!judged.success) {
      errors.push(...issuesToFieldErrors(judged.error.issues).map((e) => ({ ...e, path: 'totalAmount' })));
    } else {
      totalAmount = minorOfChecked(judged.data, currency);
      if (totalAmount < BigInt(input.shares)) {
        const min = formatMinor(BigInt(input.shares), currency);
        errors.push({ path: 'totalAmount', code: 'red_envelope_too_small', params: { min } });
      }
    }
    if (input.regions.some((code) => !isEligibilityRegion(code)))
      errors.push({ path: 'regions', code: 'field_not_allowed' });
    if (!input.texts[defaultLanguage]) errors.push({ path: `texts.${defaultLanguage}.title`, code: 'not_empty' });
    for (const language of Object.keys(input.texts)) {
      if (!supportedLanguages.includes(language as LanguageCode)) {
        errors.push({ path: `texts.${language}`, code: 'field_not_allowed' });
      }
    }
    if (errors.length > 0) {
      const tooSmall = errors.length === 1 && errors[0]?.code === 'red_envelope_too_small';
      throw new AppError(tooSmall ? 'red_envelope_too_small' : 'validation_failed', { fieldErrors: errors });
    }
    return {
      texts: input.texts,
      totalAmount,
      shares: input.shares,
      startsAt: new Date(input.startsAt),
      endsAt: new Date(input.endsAt),
      enabled: input.enabled,
      minVipLevel: input.minVipLevel,
      newMembersOnly: input.newMembersOnly,
      regions: storedRegions(input.regions),
      wageringMultiple: input.wageringMultiple,
      bonusExpiryDays: input.bonusExpiryDays,
    };
  };

  const auditValues = (row: RedEnvelopeRow) => ({
    texts: row.texts,
    totalAmount: row.totalAmount.toString(),
    shares: row.shares,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    enabled: row.enabled,
    minVipLevel: row.minVipLevel,
    newMembersOnly: row.newMembersOnly,
    regions: row.regions,
    wageringMultiple: row.wageringMultiple,
    bonusExpiryDays: row.bonusExpiryDays,
    seedHash: row.seedHash,
  });

  return {
    judge,

    /** Creates an envelope and its shares from a fresh seed, audited in the same transaction. */
    create: async (
      merchant: MerchantContext,
      values: RedEnvelopeValues,
      operatorId: string | null,
      audit: RedEnvelopesAudit | null,
    ): Promise<RedEnvelopeRow> => {
      const serverSeed = createServerSeed();
      const amounts = splitRandom(values.totalAmount, values.shares, serverSeed);
      return repository.inTransaction(async (client) => {
        const row = await repository.insert(
          client,
          {
            ...values,
            merchantCode: merchant.code,
            currency: merchant.settings.currency,
            serverSeed,
            seedHash: hashServerSeed(serverSeed),
            createdBy: operatorId,
          },
          amounts,
        );
        await audit?.(client, {
          action: 'red_envelope.create',
          target: `red_envelope:${row.id}`,
          details: { after: auditValues(row) },
        });
        return row;
      });
    },

    /** Changes an envelope; its total and shares were split at creation and stay. */
    update: async (
      merchant: MerchantContext,
      id: string,
      values: RedEnvelopeValues,
      audit: RedEnvelopesAudit,
    ): Promise<RedEnvelopeRow> =>
      repository.inTransaction(async (client) => {
        const before = await repository.find(merchant.code, id, { db: client, lock: true });
        if (!before) throw new AppError('not_found');
        if (before.totalAmount !== values.totalAmount || before.shares !== values.shares) {
          throw new AppError('red_envelope_split_fixed');
        }
        const after = await repository.update(client, merchant.code, id, values);
        if (!after) throw new AppError('not_found');
        await audit(client, {
          action: 'red_envelope.update',
          target: `red_envelope:${id}`,
          details: { before: auditValues(before), after: auditValues(after) },
        });
        return after;
      }),

    listForMerchant: (merchant: MerchantContext) => repository.listForMerchant(merchant.code),

    /** The envelopes a member (or visitor) sees, each with its state and the member's share. */
    listForMember: async (
      merchant: MerchantContext,
      member: MemberPrincipal | null,
      now: Date = new Date(),
    ): Promise<RedEnvelopeView[]> => {
      const list = await repository.listShown(merchant.code, merchant.settings.currency, now);
      const shares = member
        ? await repository.sharesOf(
            member.memberId,
            list.map((e) => e.id),
          )
        : [];
      const byEnvelope = new Map(shares.map((s) => [s.envelopeId, s]));
      return Promise.all(
        list.map((envelope) => viewOf(merchant, member, envelope, byEnvelope.get(envelope.id) ?? null, now)),
      );
    },

    /** One envelope as the member now sees it (a disabled one or another merchant's: not found). */
    viewFor: async (merchant: MerchantContext, member: MemberPrincipal, id: string): Promise<RedEnvelopeView> => {
      const envelope = await repository.find(merchant.code, id);
      if (!envelope?.enabled) throw new AppError('not_found');
      const [share] = await repository.sharesOf(member.memberId, [id]);
      return viewOf(merchant, member, envelope, share ?? null, new Date());
    },

    /**
     * Claims the next share for the member, paid as a bonus in the same transaction. Refusals pay nothing:
     * before or after the window, not eligible, a second claim, no share left.
     */
    claim: async (merchant: MerchantContext, member: MemberPrincipal, id: string): Promise<ShareRow> => {
      const envelope = await repository.find(merchant.code, id);
      if (!envelope?.enabled) throw new AppError('not_found');
      const now = new Date();
      if (now < envelope.startsAt) throw new AppError('red_envelope_not_started');
      if (now >= envelope.endsAt) throw new AppError('red_envelope_ended');
      const reason = await ineligibility(merchant, member, envelope);
      if (reason) throw new AppError('promotion_not_eligible', { value: { reason } });
      const [held] = await repository.sharesOf(member.memberId, [id]);
      if (held) throw new AppError('red_envelope_already_claimed');
      await bonuses.prepare(merchant.code, envelope.currency, member.memberId);
      const { defaultLanguage } = merchant.settings;
      try {
        const share = await repository.inTransaction(async (client) => {
          const taken = await repository.takeNext(client, envelope.id, member.memberId);
          if (!taken) throw new AppError('red_envelope_empty');
          // The window is judged again under the lock: a claim that waited past the end takes nothing.
          if (Date.now() >= envelope.endsAt.getTime()) throw new AppError('red_envelope_ended');
          const { bonus } = await bonuses.grant(client, {
            merchantCode: merchant.code,
            memberId: member.memberId,
            currency: envelope.currency,
            sourceKey: `red-envelope:${envelope.id}:${taken.position}`,
            source: 'red_envelope',
            promotionId: null,
            title: envelopeTextIn(envelope.texts, null, defaultLanguage).title,
            amount: taken.amount,
            requirement: taken.amount * BigInt(envelope.wageringMultiple),
            categories: [],
            expiresAt: new Date(Date.now() + envelope.bonusExpiryDays * DAY_MS),
          });
          await repository.setBonus(client, envelope.id, taken.position, bonus.id);
          return { ...taken, bonusId: bonus.id };
        });
        deps.ledger.announceBalanceChange(merchant.code, [member.memberId]);
        return share;
      } catch (error) {
        const pg = pgErrorOf(error);
        if (pg?.code === '23505' && pg.constraint === 'red_envelope_shares_member') {
          throw new AppError('red_envelope_already_claimed');
        }
        throw error;
      }
    },

    /**
     * The demo's envelope, once per merchant (a later start finds it): 888.00 in 88 shares over 30 days, each share
     * to wager once.
     */
    seedDemo: async (merchantCode: string, currency: string): Promise<void> => {
      if ((await repository.listForMerchant(merchantCode)).length > 0) return;
      const serverSeed = createServerSeed();
      const totalAmount = 88_800n;
      const shares = 88;
      const startsAt = new Date();
      await repository.inTransaction((client) =>
        repository.insert(
          client,
          {
            merchantCode,
            currency,
            texts: {
              EN: { title: 'Lucky red envelope', blessing: 'Wishing you luck and prosperity!' },
              CN: { title: '幸运红包', blessing: '恭喜发财，好运连连！' },
            },
            totalAmount,
            shares,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 30 * DAY_MS),
            enabled: true,
            minVipLevel: 0,
            newMembersOnly: false,
            regions: [],
            wageringMultiple: 1,
            bonusExpiryDays: 7,
            serverSeed,
            seedHash: hashServerSeed(serverSeed),
            createdBy: null,
          },
          splitRandom(totalAmount, shares, serverSeed),
        ),
      );
    },

    /** The fairness record: the hash always; the seed and every share once the window is over. */
    draw: async (merchant: MerchantContext, id: string, now: Date = new Date()) => {
      const envelope = await repository.find(merchant.code, id);
      if (!envelope?.enabled) throw new AppError('not_found');
      const revealed = seedRevealed(envelope, now);
      const shares = revealed ? await repository.allShares(id) : [];
      return { envelope, revealed, amounts: shares.map((s) => s.amount) };
    },
  };
};

export type RedEnvelopesService = ReturnType<typeof createRedEnvelopesService>;
