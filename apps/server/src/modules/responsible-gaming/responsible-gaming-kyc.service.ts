import {
  formatMinor,
  KYC_MINIMUM_AGE,
  type KycReviewStatus,
  type KycStatus,
  type KycThresholds,
  type KycTier,
  parseMoney,
} from '@tessera/contracts';
import type pg from 'pg';
import { AppError, fieldError } from '../../platform/http/app-error';
import { presentProofImage, recodeProofImages } from '../../platform/images/proof-images';
import type { MemberPrincipal, MerchantContext, OperatorPrincipal, UploadedFile } from '../../platform/principals';
import type { MembersService } from '../members';
import type { KycRepository, KycReviewRow, ThresholdsRow } from './responsible-gaming-kyc.repository';

/** Whole years from a yyyy-MM-dd birth date to `today` (UTC); null if it is not a calendar date. */
export const yearsSince = (birthDate: string, today: Date): number | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  let age = today.getUTCFullYear() - year;
  if (today.getUTCMonth() < month - 1 || (today.getUTCMonth() === month - 1 && today.getUTCDate() < day)) age -= 1;
  return age;
};

/**
 * The tier a withdrawal of `amount` needs under `thresholds` when the member holds `tier` (null: allowed), with
 * the threshold of the member's tier that it passes.
 */
export const tierNeeded = (
  tier: KycTier,
  amount: bigint,
  thresholds: ThresholdsRow,
): { tier: 'basic' | 'full'; max: bigint } | null => {
  if (tier === 'full') return null;
  if (tier === 'basic') {
    return thresholds.basicMax !== null && amount > thresholds.basicMax
      ? { tier: 'full', max: thresholds.basicMax }
      : null;
  }
  if (thresholds.unverifiedMax === null || amount <= thresholds.unverifiedMax) return null;
  const basicEnough = thresholds.basicMax === null || amount <= thresholds.basicMax;
  return { tier: basicEnough ? 'basic' : 'full', max: thresholds.unverifiedMax };
};

export type KycAudit = (
  client: pg.PoolClient,
  entry: {
    action: 'kyc.approve' | 'kyc.reject' | 'kyc.thresholds';
    target: string;
    merchantCode: string;
    details: Record<string, unknown>;
  },
) => Promise<void>;

/**
 * Identity checks (KYC, decision 0102): the member gives its details (basic tier) and documents; a compliance
 * operator approves them (full tier). Withdrawals above the threshold of the member's tier are refused by a
 * guard the withdrawals module runs before it holds money.
 */
export const createKycService = (deps: {
  repository: KycRepository;
  members: Pick<MembersService, 'findById' | 'findByIds'>;
  now?: () => Date;
}) => {
  const { repository, members } = deps;
  const now = deps.now ?? (() => new Date());

  const presentThresholds = (row: ThresholdsRow, currency: string): KycThresholds => ({
    unverifiedMax: row.unverifiedMax === null ? null : formatMinor(row.unverifiedMax, currency),
    basicMax: row.basicMax === null ? null : formatMinor(row.basicMax, currency),
  });

  const status = async (merchant: MerchantContext, memberId: string): Promise<KycStatus> => {
    const [kyc, review, thresholds] = await Promise.all([
      repository.kyc(merchant.code, memberId),
      repository.latestReview(merchant.code, memberId),
      repository.thresholds(merchant.code),
    ]);
    const { currency } = merchant.settings;
    return {
      tier: kyc?.tier ?? 'unverified',
      fullName: kyc?.fullName ?? null,
      birthDate: kyc?.birthDate ?? null,
      address: kyc?.address ?? null,
      review: review
        ? { status: review.status, reason: review.reason, createdAt: review.createdAt.toISOString() }
        : null,
      currency,
      thresholds: presentThresholds(thresholds, currency),
    };
  };

  /** An operator bound to one merchant sees nothing of another's submissions. */
  const reviewInScope = async (operator: OperatorPrincipal, id: string): Promise<KycReviewRow> => {
    const row = await repository.review(id);
    if (!row || (operator.merchantCode !== null && operator.merchantCode !== row.merchantCode)) {
      throw new AppError('not_found');
    }
    return row;
  };

  const summaries = async (rows: KycReviewRow[]) => {
    const accounts = new Map((await members.findByIds(rows.map((row) => row.memberId))).map((m) => [m.id, m.account]));
    const tiers = new Map<string, KycTier>();
    for (const code of new Set(rows.map((row) => row.merchantCode))) {
      const ids = rows.filter((row) => row.merchantCode === code).map((row) => row.memberId);
      for (const [id, tier] of await repository.tiers(code, ids)) tiers.set(`${code}:${id}`, tier);
    }
    return rows.map((row) => ({
      id: row.id,
      merchantCode: row.merchantCode,
      memberId: row.memberId,
      account: accounts.get(row.memberId) ?? '',
      tier: tiers.get(`${row.merchantCode}:${row.memberId}`) ?? 'unverified',
      status: row.status,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      reviewedBy: row.reviewedBy,
    }));
  };

  return {
    status: (merchant: MerchantContext, member: MemberPrincipal) => status(merchant, member.memberId),

    /** The basic tier: name, birth date (18 or older) and address. Refused once the full tier is reached. */
    submitBasic: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      input: { fullName: string; birthDate: string; address: string },
    ): Promise<KycStatus> => {
      const age = yearsSince(input.birthDate, now());
      if (age === null || age > 130) throw fieldError('birthDate', 'field_invalid');
      if (age < KYC_MINIMUM_AGE) throw fieldError('birthDate', 'birthday_under_age', { age: KYC_MINIMUM_AGE });
      await repository.inTransaction(async (client) => {
        const current = await repository.lockKyc(client, merchant.code, member.memberId);
        if (current?.tier === 'full') throw new AppError('kyc_state_invalid');
        await repository.saveBasic(client, { merchantCode: merchant.code, memberId: member.memberId }, input);
      });
      return status(merchant, member.memberId);
    },

    /** Documents for the full tier: checked and re-encoded, then one pending submission for compliance. */
    submitDocuments: async (
      merchant: MerchantContext,
      member: MemberPrincipal,
      files: readonly UploadedFile[],
    ): Promise<KycStatus> => {
      if (files.length === 0) {
        throw new AppError('proof_required', { fieldErrors: [{ path: 'documents', code: 'proof_required' }] });
      }
      const recoded = recodeProofImages(files);
      await repository.inTransaction(async (client) => {
        const current = await repository.lockKyc(client, merchant.code, member.memberId);
        if (current?.tier !== 'basic') throw new AppError('kyc_state_invalid');
        const inserted = await repository.insertReview(
          client,
          { merchantCode: merchant.code, memberId: member.memberId },
          recoded,
        );
        if (!inserted) throw new AppError('kyc_state_invalid');
      });
      return status(merchant, member.memberId);
    },

    /** The withdrawals module's guard: a withdrawal above the member's tier's threshold waits for the tier. */
    checkWithdrawal: async (merchant: MerchantContext, member: MemberPrincipal, amount: bigint): Promise<void> => {
      const [kyc, thresholds] = await Promise.all([
        repository.kyc(merchant.code, member.memberId),
        repository.thresholds(merchant.code),
      ]);
      const needed = tierNeeded(kyc?.tier ?? 'unverified', amount, thresholds);
      if (needed) {
        throw new AppError('kyc_tier_required', {
          value: { tier: needed.tier, max: formatMinor(needed.max, merchant.settings.currency) },
        });
      }
    },

    queue: async (operator: OperatorPrincipal, reviewStatus: KycReviewStatus) =>
      summaries(
        await repository.reviews(operator.merchantCode === null ? null : [operator.merchantCode], reviewStatus),
      ),

    /** One submission with its documents and the member's details (the caller audits the look). */
    detail: async (operator: OperatorPrincipal, id: string) => {
      const row = await reviewInScope(operator, id);
      const [[summary], kyc, documents] = await Promise.all([
        summaries([row]),
        repository.kyc(row.merchantCode, row.memberId),
        repository.documents(row.id),
      ]);
      if (!summary) throw new AppError('not_found');
      return {
        ...summary,
        fullName: kyc?.fullName ?? null,
        birthDate: kyc?.birthDate ?? null,
        address: kyc?.address ?? null,
        documents: documents.map(presentProofImage),
      };
    },

    /** Approves (full tier) or rejects a pending submission once, audited in the same transaction. */
    decide: async (
      operator: OperatorPrincipal,
      id: string,
      input: { decision: 'approve' | 'reject'; reason?: string },
      audit: KycAudit,
    ) => {
      const row = await reviewInScope(operator, id);
      const decided = await repository.inTransaction(async (client) => {
        const done = await repository.decide(client, id, {
          status: input.decision === 'approve' ? 'approved' : 'rejected',
          reason: input.decision === 'reject' ? (input.reason ?? null) : null,
          reviewedBy: operator.username,
        });
        if (!done) throw new AppError('order_state_invalid');
        if (input.decision === 'approve') await repository.setFull(client, row.merchantCode, row.memberId);
        const member = await members.findById(row.memberId);
        await audit(client, {
          action: input.decision === 'approve' ? 'kyc.approve' : 'kyc.reject',
          target: member?.account ?? row.memberId,
          merchantCode: row.merchantCode,
          details: { reviewId: id, memberId: row.memberId, reason: input.reason ?? null },
        });
        return done;
      });
      const [summary] = await summaries([decided]);
      if (!summary) throw new AppError('not_found');
      return summary;
    },

    thresholds: async (merchant: MerchantContext) => ({
      currency: merchant.settings.currency,
      ...presentThresholds(await repository.thresholds(merchant.code), merchant.settings.currency),
    }),

    /** Sets the thresholds (null: none); unverified ≤ basic; audited in the same transaction. */
    setThresholds: async (
      merchant: MerchantContext,
      input: { unverifiedMax: string | null; basicMax: string | null },
      audit: KycAudit,
    ) => {
      const { currency } = merchant.settings;
      const parse = (field: string, value: string | null): bigint | null => {
        if (value === null) return null;
        const parsed = parseMoney(value, currency);
        if (!parsed.ok) throw fieldError(field, parsed.error);
        return parsed.minor;
      };
      const values = {
        unverifiedMax: parse('unverifiedMax', input.unverifiedMax),
        basicMax: parse('basicMax', input.basicMax),
      };
      if (values.unverifiedMax !== null && values.basicMax !== null && values.unverifiedMax > values.basicMax) {
        throw fieldError('unverifiedMax', 'field_too_large', { max: formatMinor(values.basicMax, currency) });
      }
      await repository.inTransaction(async (client) => {
        await repository.setThresholds(client, merchant.code, values);
        await audit(client, {
          action: 'kyc.thresholds',
          target: merchant.code,
          merchantCode: merchant.code,
          details: { unverifiedMax: input.unverifiedMax, basicMax: input.basicMax },
        });
      });
      return { currency, ...presentThresholds(values, currency) };
    },
  };
};

export type KycService = ReturnType<typeof createKycService>;
