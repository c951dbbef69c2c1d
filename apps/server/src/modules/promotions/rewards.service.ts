import { AVAILABLE_REWARDS_LIMIT, type RewardParams } from '@tessera/contracts';
import { emit } from '../../platform/events';
import { AppError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { LedgerService } from '../ledger';
import { assertOwnReward } from './rewards.policy';
import type { Executor, NewReward, RewardRow, RewardsRepository } from './rewards.repository';

/**
 * What a capability grants (e.g. `vip-upgrade:<member>:<level>` as the source key), in minor units above zero;
 * `params` are the description's i18n params.
 */
export type GrantReward = Omit<NewReward, 'params'> & { params?: RewardParams };

/**
 * A source of rewards evaluated when the member's rewards are read (decision 0044): it grants, through
 * `grantReward` and so at most once per source key, whatever the member has earned and not yet been granted.
 */
export type RewardEvaluator = (merchant: MerchantContext, member: MemberPrincipal) => Promise<void>;

/** The reference the claim carries into the member's account record: R and the reward id's first 12 hex digits. */
export const rewardReference = (rewardId: string): string =>
  `R${rewardId.replace(/-/g, '').slice(0, 12).toUpperCase()}`;

const SOURCE_KEY = /^[A-Za-z0-9_.:-]{1,200}$/;

/**
 * The reward centre's core (decision 0039): granting is idempotent by source key, and a claim moves the money
 * through the ledger (the merchant's `promotions` house account to the member's main wallet, keyed `reward:<id>`)
 * in the same transaction that marks the locked reward claimed, so it pays once however often it is asked.
 */
export const createRewardsService = (deps: {
  repository: RewardsRepository;
  ledger: LedgerService;
  /** Run before the available rewards and their count are read, so that what was earned shows at once. */
  evaluators?: readonly RewardEvaluator[];
}) => {
  const { repository, ledger, evaluators = [] } = deps;

  /**
   * Grants a reward once: a second grant under the same source key changes nothing and answers the first reward
   * (`isNew` false). `db`: a client inside the caller's open transaction, so the grant commits with its cause.
   */
  const grantReward = async (grant: GrantReward, db?: Executor): Promise<{ reward: RewardRow; isNew: boolean }> => {
    if (grant.amount <= 0n) throw new RangeError(`a reward must be above zero (${grant.sourceKey})`);
    if (!SOURCE_KEY.test(grant.sourceKey)) throw new RangeError(`bad reward source key: ${grant.sourceKey}`);
    const values = { ...grant, params: grant.params ?? {} };
    const inserted = await repository.insertIfAbsent(values, db);
    if (inserted) return { reward: inserted, isNew: true };
    const existing = await repository.findBySourceKey(grant.merchantCode, grant.sourceKey, db);
    if (!existing || existing.memberId !== grant.memberId) {
      throw new Error(`reward source key ${grant.sourceKey} belongs to another member`);
    }
    return { reward: existing, isNew: false };
  };

  return {
    grantReward,

    /**
     * The member's rewards waiting to be claimed (oldest first, at most AVAILABLE_REWARDS_LIMIT) and their count,
     * once every evaluator has granted what the member earned.
     */
    available: async (merchant: MerchantContext, member: MemberPrincipal) => {
      await Promise.all(evaluators.map((evaluate) => evaluate(merchant, member)));
      const { rows, total } = await repository.available(member.merchantCode, member.memberId, AVAILABLE_REWARDS_LIMIT);
      return { list: rows, count: total };
    },

    /** The member's claimed rewards, newest claim first. */
    claimed: (member: MemberPrincipal, page: { pageNo: number; pageSize: number }) =>
      repository.page(member.merchantCode, member.memberId, 'claimed', {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      }),

    /** Every reward of a member, for the back office. */
    ofMember: (merchantCode: string, memberId: string, page: { pageNo: number; pageSize: number }) =>
      repository.page(merchantCode, memberId, null, {
        offset: (page.pageNo - 1) * page.pageSize,
        limit: page.pageSize,
      }),

    /**
     * Pays an available reward into the member's main wallet. A second claim, concurrent or later, waits for the
     * first on the reward's row lock and answers `reward_already_claimed`; nothing is paid twice.
     */
    claim: async (member: MemberPrincipal, rewardId: string): Promise<RewardRow> => {
      const seen = await repository.find(member.merchantCode, rewardId);
      assertOwnReward(member, seen);
      if (seen.status !== 'available') throw new AppError('reward_already_claimed');
      const wallet = { member: member.memberId, wallet: 'main' } as const;
      // Accounts are resolved before the transaction opens: nothing inside it needs a second connection.
      await ledger.prepare({
        merchantCode: member.merchantCode,
        currency: seen.currency,
        accounts: [{ house: 'promotions' }, wallet],
      });
      const claimed = await repository.inTransaction(async (client) => {
        const row = await repository.lock(client, member.merchantCode, rewardId);
        assertOwnReward(member, row);
        if (row.status !== 'available') throw new AppError('reward_already_claimed');
        const posted = await ledger.transfer(
          {
            merchantCode: row.merchantCode,
            currency: row.currency,
            type: 'reward',
            idempotencyKey: `reward:${row.id}`,
            reference: rewardReference(row.id),
            metadata: { rewardId: row.id, kind: row.kind, sourceKey: row.sourceKey },
            from: { house: 'promotions' },
            to: wallet,
            amount: row.amount,
          },
          client,
        );
        const done = await repository.markClaimed(client, row.id, posted.transactionId);
        const { merchantCode, memberId, kind, currency, amount } = done;
        await emit(client, 'reward.claimed', { rewardId: done.id, merchantCode, memberId, kind, currency, amount });
        return done;
      });
      ledger.announceBalanceChange(member.merchantCode, [member.memberId]);
      return claimed;
    },
  };
};

export type RewardsService = ReturnType<typeof createRewardsService>;
