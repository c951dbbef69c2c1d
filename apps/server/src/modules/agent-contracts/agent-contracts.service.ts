import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  basisPointsOf,
  CONTRACT_RATE_MAX_BP,
  type Consolidated,
  type ContractAction,
  type ContractKind,
  type ContractSettings,
  type ContractTerms,
  contractKinds,
  isAgentType,
  rateOfBasisPoints,
  topRateOf,
} from '@tessera/contracts';
import type pg from 'pg';
import { AppError } from '../../platform/http/app-error';
import type { DemoSeedContext } from '../../platform/modules';
import type { MemberPrincipal, MerchantContext } from '../../platform/principals';
import type { AdminService } from '../admin';
import type { AgentsService } from '../agents';
import { HOUSE_SHARDS, type LedgerService } from '../ledger';
import type { MembersService } from '../members';
import type {
  AgentContractsRepository,
  ContractRow,
  RunRow,
  SettingsRow,
  StatementRow,
} from './agent-contracts.repository';
import {
  daysOf,
  leftOutMembers,
  minorOfThreshold,
  periodAmount,
  periodAt,
  periodKindOf,
  realtimeAmount,
  realtimeShare,
  tiersOf,
  withoutLeftOut,
} from './agent-contracts.rules';

const GENESIS = '0'.repeat(64);

/** The demo's terms per kind: within the default maximum rates, a higher tier for a busier team. */
const DEMO_TERMS: Record<ContractKind, ContractTerms> = {
  dividend: {
    kind: 'dividend',
    period: 'D',
    tiers: [
      { validBet: '0', loss: '0', activeMembers: 1, rate: '10' },
      { validBet: '500', loss: '50', activeMembers: 3, rate: '20' },
    ],
  },
  daily: {
    kind: 'daily',
    tiers: [
      { betAmount: '0', activeMembers: 1, rate: '0.5' },
      { betAmount: '500', activeMembers: 3, rate: '1' },
    ],
  },
  hourly: {
    kind: 'hourly',
    tiers: [
      { betAmount: '0', rate: '0.3' },
      { betAmount: '100', rate: '0.5' },
    ],
  },
  realtime: { kind: 'realtime', winRate: '0.3', lossRate: '0.6', minBet: '1' },
};
const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b);
/** A failed run is tried again by the engine this many times in all; then only an operator reruns it. */
const MAX_AUTO_ATTEMPTS = 5;

type Actor = Parameters<AdminService['auditWith']>[1] & { operator: { operatorId: string; username: string } };

const DEFAULT_SETTINGS = (merchantCode: string): SettingsRow => ({
  merchantCode,
  payer: 'platform',
  allowedKinds: [...contractKinds],
  maxRates: { dividend: 5000, daily: 300, hourly: 200, realtime: 200 },
  noticeDays: 0,
});

/** The statement's hash: its immutable fields chained to the one before (decision 0077). */
export const statementHash = (
  prevHash: string,
  row: Pick<
    StatementRow,
    | 'contractId'
    | 'seq'
    | 'kind'
    | 'period'
    | 'periodStart'
    | 'periodEnd'
    | 'inputs'
    | 'tier'
    | 'rateBp'
    | 'amount'
    | 'payer'
    | 'uplineId'
    | 'downlineId'
  >,
): string =>
  createHash('sha256')
    .update(
      [
        prevHash,
        row.contractId,
        row.seq,
        row.kind,
        row.period,
        new Date(row.periodStart).toISOString(),
        new Date(row.periodEnd).toISOString(),
        JSON.stringify(Object.entries(row.inputs).sort(([a], [b]) => a.localeCompare(b))),
        row.tier ?? '',
        row.rateBp ?? '',
        row.amount.toString(),
        row.payer,
        row.uplineId ?? '',
        row.downlineId,
      ].join('|'),
    )
    .digest('hex');

/** The seq of the first statement that does not link to the one before or whose hash is not its content's. */
export const chainBreak = (rows: readonly StatementRow[]): number | null => {
  let prev = GENESIS;
  for (const [i, row] of rows.entries()) {
    if (row.seq !== i + 1 || row.prevHash !== prev || statementHash(prev, row) !== row.hash) return i + 1;
    prev = row.hash;
  }
  return null;
};

/** Whether each statement links to the one before and its hash is its content's. */
export const chainIntact = (rows: readonly StatementRow[]): boolean => chainBreak(rows) === null;

export interface SettleOptions {
  /** How long after a period's end the engine waits for late events before settling it (default 60 s). */
  graceMs?: number;
  /** How many contracts settle at once on the per-period path (default SETTLE_CONCURRENCY). */
  concurrency?: number;
  /** Contracts per batch transaction on the batched path (default SETTLE_BATCH_SIZE). */
  batchSize?: number;
  /** Batches settled at once (default SETTLE_BATCHES_AT_ONCE). */
  batches?: number;
}

/**
 * Real-time and hourly periods paid by the platform settle in batches (decision 0092): this many contracts per
 * transaction, each still its own run, statement and ledger transaction.
 */
export const SETTLE_BATCH_SIZE = 200;
/** Batches in flight at once: two overlap one's round trips with the other's work on a two-core server. */
export const SETTLE_BATCHES_AT_ONCE = 2;

/** Contracts settled at once by one runner: enough to overlap round trips, few enough to leave the pool to requests. */
export const SETTLE_CONCURRENCY = 4;

/**
 * A period's statement, chained to the contract's last one (`last`: null for the first): what both the one-by-one
 * settlement and the batched one write.
 */
const statementOf = (
  id: string,
  runId: string,
  contract: ContractRow,
  period: { start: Date; end: Date },
  result: Pick<StatementRow, 'inputs' | 'tier' | 'rateBp' | 'amount'>,
  last: { seq: number; hash: string } | null | undefined,
  takenThrough: bigint,
) => {
  const row = {
    id,
    runId,
    contractId: contract.id,
    merchantCode: contract.merchantCode,
    seq: (last?.seq ?? 0) + 1,
    kind: contract.kind,
    period: contract.period,
    periodStart: period.start,
    periodEnd: period.end,
    inputs: result.inputs,
    tier: result.tier === null ? null : result.tier + 1,
    rateBp: result.rateBp,
    amount: result.amount,
    payer: contract.payer,
    uplineId: contract.uplineId,
    downlineId: contract.downlineId,
    prevHash: last?.hash ?? GENESIS,
  };
  return { ...row, takenThrough, hash: statementHash(row.prevHash, row) };
};

export const createAgentContractsService = (deps: {
  repository: AgentContractsRepository;
  agents: Pick<AgentsService, 'directUplineOf' | 'uplinesOf' | 'teamTotals' | 'downlineOwnTotals' | 'tree'>;
  members: Pick<MembersService, 'findById'>;
  ledger: Pick<LedgerService, 'transfer' | 'transferMany' | 'prepare' | 'balance' | 'announceBalanceChange'>;
  admin: Pick<AdminService, 'auditWith'>;
  now?: () => Date;
}) => {
  const { repository, agents, members, ledger, admin } = deps;
  const now = deps.now ?? (() => new Date());

  const settingsOf = async (merchantCode: string, db?: pg.PoolClient): Promise<SettingsRow> =>
    (await repository.settings(merchantCode, db)) ?? DEFAULT_SETTINGS(merchantCode);

  const accountOf = async (memberId: string): Promise<string> => (await members.findById(memberId))?.account ?? '';

  const present = async (rows: readonly ContractRow[]) => {
    const history = await repository.historyOf(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      status: row.status,
      terms: row.terms,
      uplineId: row.uplineId,
      uplineAccount: row.uplineAccount,
      downlineId: row.downlineId,
      downlineAccount: row.downlineAccount,
      payer: row.payer,
      offeredAt: row.offeredAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      replacesId: row.replacesId,
      history: (history.get(row.id) ?? []).map((event) => ({
        action: event.action,
        actor: event.actor,
        at: event.at.toISOString(),
        details: event.details,
      })),
    }));
  };

  /**
   * The highest rate (basis points) `memberId` may give of `kind`: its own running contract's top rate, or for a
   * top of the tree the merchant's maximum; null when it has nothing of that kind to share.
   */
  const maxRateFor = async (memberId: string, kind: ContractKind, settings: SettingsRow, db?: pg.PoolClient) => {
    const cap = settings.maxRates[kind] ?? 0;
    const own = await repository.runningAsDownline(memberId, kind, now(), db);
    if (own) return Math.min(own.topRateBp, cap);
    return (await agents.directUplineOf(memberId)) === null ? cap : null;
  };

  /** Refuses a top rate above the merchant's maximum for the kind, then above what the upline itself holds. */
  const checkRate = (kind: ContractKind, topBp: number, maxBp: number, settings: SettingsRow) => {
    const cap = settings.maxRates[kind] ?? 0;
    if (topBp > cap) throw new AppError('contract_rate_above_max', { value: { maxRate: rateOfBasisPoints(cap) } });
    if (topBp > maxBp) {
      throw new AppError('contract_rate_above_upline', { value: { maxRate: rateOfBasisPoints(maxBp) } });
    }
  };

  /** Ends contracts the member gives its own downline that pay above `rateBp` (the `higher_rate` rule). */
  const endHigher = async (client: pg.PoolClient, contracts: readonly ContractRow[], actor: string, cause: string) => {
    const at = now();
    for (const contract of contracts) {
      if (contract.status === 'offered') {
        await repository.updateContract(client, contract.id, { status: 'withdrawn', decidedAt: at });
      } else {
        const endsAt =
          contract.startsAt && contract.startsAt > at ? contract.startsAt : periodAt(contract.period as never, at).end;
        await repository.updateContract(client, contract.id, { status: 'terminated', endsAt });
      }
      await repository.record(client, contract.id, 'ended_higher_rate', actor, { cause });
    }
  };

  const offer = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    kind: ContractKind,
    input: { downlineId: string; terms: ContractTerms; confirmHigherRate: boolean },
  ) => {
    if (input.terms.kind !== kind) throw new AppError('contract_wrong_kind');
    if (!isAgentType(member.type)) throw new AppError('error_not_agent');
    if (input.downlineId === member.memberId || (await agents.directUplineOf(input.downlineId)) !== member.memberId) {
      throw new AppError('contract_not_downline');
    }
    const settings = await settingsOf(merchant.code);
    if (!settings.allowedKinds.includes(kind)) throw new AppError('contract_kind_not_allowed');
    const maxBp = await maxRateFor(member.memberId, kind, settings);
    if (maxBp === null) throw new AppError('contract_kind_not_allowed');
    const topBp = topRateOf(input.terms);
    checkRate(kind, topBp, maxBp, settings);
    const higher = await repository.higherGiven(input.downlineId, kind, topBp, now());
    if (higher.length > 0 && !input.confirmHigherRate) {
      throw new AppError('contract_higher_rate', { value: { ended: higher.map((c) => c.id) } });
    }
    const [uplineAccount, downline] = await Promise.all([
      accountOf(member.memberId),
      members.findById(input.downlineId),
    ]);
    if (!downline || downline.merchantCode !== merchant.code) throw new AppError('contract_not_downline');
    const id = await repository.inTransaction(async (client) => {
      const created = await repository.insertContract(client, {
        merchantCode: merchant.code,
        currency: merchant.settings.currency,
        kind,
        terms: input.terms,
        topRateBp: topBp,
        period: periodKindOf(input.terms),
        uplineId: member.memberId,
        uplineAccount,
        downlineId: input.downlineId,
        downlineAccount: downline.account,
        payer: settings.payer,
      });
      if (!created) throw new AppError('contract_offer_pending');
      await repository.record(client, created, 'offered', `member:${uplineAccount}`, {
        confirmedHigherRate: higher.length > 0,
      });
      return created;
    });
    return { contract: id, ended: [] as string[] };
  };

  const accept = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    kind: ContractKind,
    input: { contractId: string; confirmHigherRate: boolean },
  ) =>
    repository.inTransaction(async (client) => {
      const contract = await repository.contract(input.contractId, client, true);
      if (!contract || contract.downlineId !== member.memberId || contract.merchantCode !== merchant.code) {
        throw new AppError('not_found');
      }
      if (contract.kind !== kind) throw new AppError('contract_wrong_kind');
      if (contract.status !== 'offered') throw new AppError('contract_already_decided');
      const settings = await settingsOf(merchant.code, client);
      if (!settings.allowedKinds.includes(kind)) throw new AppError('contract_kind_not_allowed');
      // The upline's own contract may have changed since the offer.
      const maxBp = contract.uplineId ? await maxRateFor(contract.uplineId, kind, settings, client) : null;
      if (maxBp === null) throw new AppError('contract_kind_not_allowed');
      checkRate(kind, contract.topRateBp, maxBp, settings);
      const higher = await repository.higherGiven(member.memberId, kind, contract.topRateBp, now(), client);
      if (higher.length > 0 && !input.confirmHigherRate) {
        throw new AppError('contract_higher_rate', { value: { ended: higher.map((c) => c.id) } });
      }
      const at = now();
      const actor = `member:${contract.downlineAccount}`;
      const period = periodAt(contract.period as never, at);
      // A running contract of the pair's kind ends where the new one starts: the next period boundary.
      const running = await repository.runningAsDownline(member.memberId, kind, at, client);
      let startsAt = period.start;
      if (running) {
        // Not started yet (itself a replacement): the new one takes its place; else from the next boundary.
        startsAt =
          running.startsAt && running.startsAt > at
            ? running.startsAt
            : later(periodAt(running.period as never, at).end, period.end);
        const endsAt = running.endsAt && running.endsAt < startsAt ? running.endsAt : startsAt;
        await repository.updateContract(client, running.id, { status: 'terminated', endsAt });
        await repository.record(client, running.id, 'replaced', actor, { by: contract.id });
      }
      await repository.updateContract(client, contract.id, {
        status: 'active',
        decidedAt: at,
        startsAt,
        payer: settings.payer,
        replacesId: running?.id ?? null,
      });
      await repository.record(client, contract.id, 'accepted', actor, { startsAt: startsAt.toISOString() });
      await endHigher(client, higher, actor, contract.id);
      return { contract: contract.id, ended: higher.map((c) => c.id) };
    });

  /** Reject (the downline), withdraw (the upline) or terminate (either side). */
  const decide = async (
    merchant: MerchantContext,
    member: MemberPrincipal,
    kind: ContractKind,
    action: 'reject' | 'withdraw' | 'terminate',
    contractId: string,
  ) =>
    repository.inTransaction(async (client) => {
      const contract = await repository.contract(contractId, client, true);
      const side =
        contract?.downlineId === member.memberId
          ? 'downline'
          : contract?.uplineId === member.memberId
            ? 'upline'
            : null;
      if (!contract || side === null || contract.merchantCode !== merchant.code) throw new AppError('not_found');
      if (contract.kind !== kind) throw new AppError('contract_wrong_kind');
      const at = now();
      const actor = `member:${side === 'downline' ? contract.downlineAccount : contract.uplineAccount}`;
      if (action === 'terminate') {
        if (contract.status !== 'active' || (contract.endsAt && contract.endsAt <= at)) {
          throw new AppError('contract_not_active');
        }
        const settings = await settingsOf(merchant.code, client);
        const notice = new Date(at.getTime() + settings.noticeDays * 86_400_000);
        const from = contract.startsAt && contract.startsAt > notice ? contract.startsAt : notice;
        const endsAt = periodAt(contract.period as never, from).end;
        await repository.updateContract(client, contract.id, { status: 'terminated', endsAt });
        await repository.record(client, contract.id, 'terminated', actor, { side, endsAt: endsAt.toISOString() });
        return { contract: contract.id, ended: [] as string[] };
      }
      if (action === 'reject' ? side !== 'downline' : side !== 'upline') throw new AppError('not_found');
      if (contract.status !== 'offered') throw new AppError('contract_already_decided');
      const status = action === 'reject' ? 'rejected' : 'withdrawn';
      await repository.updateContract(client, contract.id, { status, decidedAt: at });
      await repository.record(client, contract.id, status, actor);
      return { contract: contract.id, ended: [] as string[] };
    });

  // --- Settlement --------------------------------------------------------------------------------------------

  /** Pays what the payer can of a statement, in the caller's transaction; never overdraws an upline. */
  const pay = async (
    client: pg.PoolClient,
    statement: { id: string; merchantCode: string; currency: string; amount: bigint; paid: bigint },
    contract: Pick<ContractRow, 'payer' | 'uplineId' | 'downlineId' | 'kind'>,
  ): Promise<bigint> => {
    const owed = statement.amount - statement.paid;
    if (owed <= 0n) return 0n;
    const from =
      contract.payer === 'upline' && contract.uplineId
        ? ({ member: contract.uplineId, wallet: 'main' } as const)
        : ({ house: 'agent_commissions' } as const);
    let amount = owed;
    if ('member' in from) {
      const { available } = await ledger.balance(
        { merchantCode: statement.merchantCode, currency: statement.currency, account: from },
        client,
      );
      amount = available < owed ? (available > 0n ? available : 0n) : owed;
    }
    if (amount <= 0n) return 0n;
    const seq = (await repository.paymentCount(client, statement.id)) + 1;
    await client.query('SAVEPOINT agent_contract_pay');
    try {
      await ledger.transfer(
        {
          merchantCode: statement.merchantCode,
          currency: statement.currency,
          type: `agent_contract_${contract.kind}`,
          idempotencyKey: `agent-contract:${statement.id}:${seq}`,
          reference: statement.id,
          from,
          to: { member: contract.downlineId, wallet: 'main' },
          amount,
        },
        client,
      );
    } catch (error) {
      // The upline spent its balance since the read: nothing paid now, tried again later.
      if ((error as AppError).code !== 'insufficient_funds') throw error;
      await client.query('ROLLBACK TO SAVEPOINT agent_contract_pay');
      return 0n;
    }
    await client.query('RELEASE SAVEPOINT agent_contract_pay');
    await repository.addPayment(client, statement.id, amount, statement.paid + amount, statement.amount);
    return amount;
  };

  const announce = (merchantCode: string, memberIds: (string | null)[]) =>
    ledger.announceBalanceChange(
      merchantCode,
      memberIds.filter((id): id is string => id !== null),
    );

  /**
   * The daily salary's team figures over a closed period: the agents service's team totals, less the own figures of
   * the downline members on a break or self-excluded at some moment of it (decision 0110). A downline the merchant's
   * tree does not hold (never placed) has no team figures: zero, not a failure.
   */
  const teamOf = async (contract: ContractRow, period: { start: Date; end: Date }) => {
    const days = daysOf(period);
    const merchant = { code: contract.merchantCode };
    const [team, blocks] = await Promise.all([
      agents.teamTotals(merchant, contract.downlineId, days.from, days.to),
      repository.blocksBefore(contract.merchantCode, period.end),
    ]);
    const blocked = leftOutMembers(blocks, period);
    const left = await agents.downlineOwnTotals(merchant, contract.downlineId, blocked, days.from, days.to);
    const inputs = withoutLeftOut(
      {
        validBet: team?.validBets ?? 0n,
        loss: (team?.bets ?? 0n) - (team?.payouts ?? 0n),
        activeMembers: team?.active ?? 0,
      },
      { validBet: left.validBets, loss: left.bets - left.payouts, activeMembers: left.members },
    );
    return { inputs, leftOut: left.members };
  };
  type TeamFigures = Awaited<ReturnType<typeof teamOf>>;

  /** A statement's inputs name how many members it left out, when it left any out (decision 0110). */
  const leftOutInput = (leftOut: number): Record<string, number> => (leftOut > 0 ? { leftOutMembers: leftOut } : {});

  type Taken = Pick<
    Awaited<ReturnType<AgentContractsRepository['takeAccruals']>>,
    'rounds' | 'won' | 'validBet' | 'share' | 'leftOut'
  >;
  type Last = Awaited<ReturnType<AgentContractsRepository['lastStatement']>>;

  /** A real-time or hourly statement from the accruals it took: the shares summed and rounded once, or the tier met. */
  const accrualResult = (
    contract: ContractRow,
    taken: Taken,
  ): { inputs: Record<string, string | number>; tier: number | null; rateBp: number | null; amount: bigint } => {
    const terms = contract.terms;
    if (terms.kind === 'realtime') {
      return {
        inputs: {
          rounds: taken.rounds,
          wonRounds: taken.won,
          validBet: taken.validBet.toString(),
          ...leftOutInput(taken.leftOut),
        },
        tier: null,
        rateBp: null,
        amount: realtimeAmount([taken.share]),
      };
    }
    const result = periodAmount('hourly', tiersOf(terms, contract.currency), {
      validBet: taken.validBet,
      loss: 0n,
      activeMembers: 0,
    });
    return {
      inputs: { rounds: taken.rounds, validBet: taken.validBet.toString(), ...leftOutInput(taken.leftOut) },
      ...result,
    };
  };

  /**
   * What a period's statement reads and pays, and the accruals' mark it records (decision 0152; a daily salary takes
   * no accruals and keeps the last statement's mark).
   */
  const compute = async (
    client: pg.PoolClient,
    contract: ContractRow,
    period: { start: Date; end: Date },
    last: Last,
    team: TeamFigures | null,
  ): Promise<{
    inputs: Record<string, string | number>;
    tier: number | null;
    rateBp: number | null;
    amount: bigint;
    takenThrough: bigint;
  }> => {
    const terms = contract.terms;
    if (terms.kind === 'realtime' || terms.kind === 'hourly') {
      const taken = await repository.takeAccruals(client, contract.id, period, last);
      return { ...accrualResult(contract, taken), takenThrough: taken.takenThrough };
    }
    const days = daysOf(period);
    // The dividend from the team's valid rounds it accrued (decision 0093); the daily salary from the rollups. Either
    // way without the members blocked during the period (decision 0110).
    const taken = terms.kind === 'dividend' ? await repository.takeAccruals(client, contract.id, period, last) : null;
    const inputs = taken
      ? { validBet: taken.validBet, loss: taken.loss, activeMembers: taken.active }
      : (team?.inputs ?? { validBet: 0n, loss: 0n, activeMembers: 0 });
    const result = periodAmount(terms.kind, tiersOf(terms, contract.currency), inputs);
    return {
      inputs: {
        validBet: inputs.validBet.toString(),
        loss: inputs.loss.toString(),
        activeMembers: inputs.activeMembers,
        ...(taken ? { rounds: taken.rounds } : {}),
        ...leftOutInput(taken?.leftOut ?? team?.leftOut ?? 0),
        from: days.from,
        to: days.to,
      },
      ...result,
      takenThrough: taken?.takenThrough ?? last?.takenThrough ?? 0n,
    };
  };

  /** Settles one (contract, period) once: run, statement, payment in one transaction. False: already done. */
  const settlePeriod = async (contract: ContractRow, period: { start: Date; end: Date }): Promise<boolean> => {
    const paidTo: (string | null)[] = [];
    // The team's figures of a closed period (dividend, daily) are read before the transaction: a read inside it would
    // wait for a second connection while holding one, which several contracts settling at once could exhaust.
    const team = contract.kind === 'daily' ? await teamOf(contract, period) : null;
    const settled = await repository.inTransaction(async (client) => {
      // One runner per contract at a time: the chain's order and the period's uniqueness hold under concurrency.
      await repository.contract(contract.id, client, true);
      const runId = await repository.claimRun(client, contract, period);
      if (!runId) return false;
      const last = await repository.lastStatement(client, contract.id);
      const result = await compute(client, contract, period, last, team);
      const row = statementOf(randomUUID(), runId, contract, period, result, last, result.takenThrough);
      await repository.insertStatement(client, row);
      if (row.amount > 0n) {
        const paid = await pay(client, { ...row, currency: contract.currency, paid: 0n }, contract);
        if (paid > 0n) paidTo.push(contract.downlineId, contract.payer === 'upline' ? contract.uplineId : null);
      }
      return true;
    });
    announce(contract.merchantCode, paidTo);
    return settled;
  };

  /**
   * The periods of a contract due before `horizon`, oldest first, after its last run (`lastEnd`); for a real-time
   * salary only the windows its open accruals (`openTimes`, window starts) fall in.
   */
  const periodsOf = (contract: ContractRow, lastEnd: Date | null, openTimes: readonly Date[], horizon: Date) => {
    const limit = contract.endsAt && contract.endsAt < horizon ? contract.endsAt : horizon;
    const from = lastEnd ?? (contract.startsAt as Date);
    const periods: { start: Date; end: Date }[] = [];
    if (contract.kind === 'realtime') {
      // Only windows with rounds; a round late for a settled window is taken by the next one.
      for (const time of openTimes) {
        const window = periodAt('window', later(time, from));
        if (window.end <= limit && !periods.some((p) => p.start.getTime() === window.start.getTime())) {
          periods.push(window);
        }
      }
      return periods;
    }
    for (
      let p = periodAt(contract.period as never, from);
      p.end <= limit;
      p = periodAt(contract.period as never, p.end)
    ) {
      periods.push(p);
    }
    return periods;
  };

  /** The periods of a contract due at `at`, oldest first, after its last run. */
  const duePeriods = async (contract: ContractRow, at: Date, graceMs: number) => {
    const progress = await repository.progress(contract.id);
    const horizon = new Date(at.getTime() - graceMs);
    const limit = contract.endsAt && contract.endsAt < horizon ? contract.endsAt : horizon;
    const times = contract.kind === 'realtime' ? await repository.openAccrualTimes(contract.id, limit) : [];
    return { periods: periodsOf(contract, progress.lastEnd, times, horizon), blocked: progress.failed > 0 };
  };

  /**
   * Settles one period of each of many real-time or hourly contracts the platform pays, in one transaction
   * (decision 0092): locks the contracts, claims the runs, takes the accruals, writes the chained statements and
   * pays them through the ledger in a few statements for the whole batch. A period another runner settled is left
   * out. Should the batch fail, each of its periods is settled on its own (where a failure is recorded against
   * that contract only). Answers the contracts whose period failed.
   */
  const settleBatch = async (items: readonly { contract: ContractRow; period: { start: Date; end: Date } }[]) => {
    const failed = new Set<string>();
    let settled = 0;
    // Accounts resolved (created if absent) before the transaction: none is created inside it.
    const groups = new Map<string, ContractRow[]>();
    for (const { contract } of items) {
      const key = `${contract.merchantCode}|${contract.currency}`;
      groups.set(key, [...(groups.get(key) ?? []), contract]);
    }
    for (const contracts of groups.values()) {
      const [first] = contracts as [ContractRow];
      await ledger.prepare({
        merchantCode: first.merchantCode,
        currency: first.currency,
        accounts: [
          { house: 'agent_commissions' },
          ...contracts.map((contract) => ({ member: contract.downlineId, wallet: 'main' as const })),
        ],
      });
    }
    const byId = new Map(items.map((item) => [item.contract.id, item]));
    const paidTo = new Map<string, string[]>();
    try {
      await repository.inTransaction(async (client) => {
        const claimed = await repository.claimBatch(
          client,
          items.map(({ contract, period }) => ({
            contractId: contract.id,
            merchantCode: contract.merchantCode,
            start: period.start,
            end: period.end,
          })),
        );
        // One house row (shard) for the whole batch: two batches never wait on each other's shards in a cycle.
        const shard = randomInt(HOUSE_SHARDS);
        const rows = claimed.map(({ contractId, runId, taken, takenThrough, last }) => {
          const { contract, period } = byId.get(contractId) as (typeof items)[number];
          const result = accrualResult(contract, taken);
          const row = statementOf(randomUUID(), runId, contract, period, result, last, takenThrough);
          return { ...row, paid: row.amount > 0n ? row.amount : 0n, contract };
        });
        await ledger.transferMany(
          rows
            .filter((row) => row.paid > 0n)
            .map((row) => ({
              merchantCode: row.merchantCode,
              currency: row.contract.currency,
              type: `agent_contract_${row.kind}`,
              idempotencyKey: `agent-contract:${row.id}:1`,
              reference: row.id,
              from: { house: 'agent_commissions', shard },
              to: { member: row.downlineId, wallet: 'main' },
              amount: row.paid,
            })),
          client,
        );
        await repository.insertStatements(client, rows);
        for (const row of rows) {
          if (row.paid > 0n) paidTo.set(row.merchantCode, [...(paidTo.get(row.merchantCode) ?? []), row.downlineId]);
        }
        settled = rows.length;
      });
    } catch {
      // Each period on its own: a failure is then recorded against its contract only, and holds back its later ones.
      paidTo.clear();
      for (const { contract, period } of items) {
        try {
          if (await settlePeriod(contract, period)) settled += 1;
        } catch (error) {
          failed.add(contract.id);
          await repository.recordFailedRun(contract, period, (error as Error).message || String(error));
        }
      }
    }
    for (const [merchantCode, ids] of paidTo) announce(merchantCode, ids);
    return { settled, failed };
  };

  /** Real-time and hourly periods the platform pays: every contract's oldest due period first, in batches. */
  const settleBatched = async (at: Date, graceMs: number, options: SettleOptions) => {
    const horizon = new Date(at.getTime() - graceMs);
    const contracts = await repository.batchable(at, horizon);
    const plans = contracts.map((contract) => ({
      contract,
      periods: periodsOf(contract, contract.lastEnd, contract.openTimes, horizon),
      stopped: false,
    }));
    const size = Math.max(1, options.batchSize ?? SETTLE_BATCH_SIZE);
    let settled = 0;
    let failed = 0;
    // Wave k: the k-th due period of every contract still going, so that each contract's periods settle in order.
    for (let wave = 0; ; wave += 1) {
      const items = plans
        .filter((plan) => !plan.stopped && plan.periods.length > wave)
        .map((plan) => ({ contract: plan.contract, period: plan.periods[wave] as { start: Date; end: Date } }));
      if (items.length === 0) break;
      const chunks = Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
        items.slice(i * size, (i + 1) * size),
      );
      let next = 0;
      const worker = async () => {
        for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) {
          const outcome = await settleBatch(chunk);
          settled += outcome.settled;
          failed += outcome.failed.size;
          for (const plan of plans) if (outcome.failed.has(plan.contract.id)) plan.stopped = true;
        }
      };
      await Promise.all(Array.from({ length: Math.max(1, options.batches ?? SETTLE_BATCHES_AT_ONCE) }, worker));
    }
    return { settled, failed, ids: new Set(contracts.map((contract) => contract.id)) };
  };

  /**
   * Settles every period due at `at` for every contract, each contract's in order (SETTLE_CONCURRENCY contracts at
   * once); a contract whose run failed waits for that run (retried here up to MAX_AUTO_ATTEMPTS, then by an
   * operator). Safe to run concurrently.
   */
  const settleDue = async (at: Date = now(), options: SettleOptions = {}) => {
    const graceMs = options.graceMs ?? 60_000;
    let settled = 0;
    let failed = 0;
    for (const run of await repository.failedRuns(MAX_AUTO_ATTEMPTS)) {
      const outcome = await rerunOne(run.id).catch(() => null);
      if (outcome?.status === 'settled') settled += 1;
      else failed += 1;
    }
    const batched = await settleBatched(at, graceMs, options);
    settled += batched.settled;
    failed += batched.failed;
    // The other contracts (dividend, daily, those an upline pays, those with a failed run) a few at once, each its own
    // periods in order, one transaction each.
    const contracts = (await repository.settleable(at)).filter((contract) => !batched.ids.has(contract.id));
    let next = 0;
    const worker = async () => {
      for (let contract = contracts[next++]; contract; contract = contracts[next++]) {
        const { periods, blocked } = await duePeriods(contract, at, graceMs);
        if (blocked) continue;
        for (const period of periods) {
          try {
            if (await settlePeriod(contract, period)) settled += 1;
          } catch (error) {
            failed += 1;
            await repository.recordFailedRun(contract, period, (error as Error).message || String(error));
            break;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? SETTLE_CONCURRENCY) }, worker));
    const paid = await payUnpaid();
    return { settled, failed, paid };
  };

  /** Pays what uplines now can of statements left `insufficient` or `partial`. */
  const payUnpaid = async (limit = 200): Promise<number> => {
    const announced: [string, (string | null)[]][] = [];
    const count = await repository.inTransaction(async (client) => {
      let n = 0;
      for (const statement of await repository.lockUnpaid(client, limit)) {
        const contract = await repository.contract(statement.contractId, client);
        if (!contract) continue;
        const paid = await pay(client, statement, contract);
        if (paid > 0n) {
          n += 1;
          announced.push([statement.merchantCode, [contract.downlineId, contract.uplineId]]);
        }
      }
      return n;
    });
    for (const [merchantCode, ids] of announced) announce(merchantCode, ids);
    return count;
  };

  /** Settles a failed run's period again (same run row); a new failure counts one more attempt. */
  const rerunOne = async (runId: string) => {
    const run = await repository.run(runId);
    if (!run) throw new AppError('not_found');
    if (run.status !== 'failed') throw new AppError('contract_run_settled');
    const contract = await repository.contract(run.contractId);
    if (!contract) throw new AppError('not_found');
    const period = { start: run.periodStart, end: run.periodEnd };
    try {
      await settlePeriod(contract, period);
    } catch (error) {
      await repository.recordFailedRun(contract, period, (error as Error).message || String(error));
    }
    return (await repository.run(runId)) ?? run;
  };

  /**
   * Pays what the payer can now of a settled run's statement left insufficient or partial: the unpaid sweep's own
   * path (`pay`), under the statement's lock, audited in the same transaction. Nothing owed: contract_run_settled.
   */
  const payRun = async (run: RunRow & { merchantCode: string }, actor: Actor) => {
    const paidTo: (string | null)[] = [];
    await repository.inTransaction(async (client) => {
      const statement = run.statementId ? await repository.lockStatement(client, run.statementId) : null;
      if (!statement || (statement.status !== 'insufficient' && statement.status !== 'partial')) {
        throw new AppError('contract_run_settled');
      }
      const contract = await repository.contract(statement.contractId, client);
      if (!contract) throw new AppError('not_found');
      const paid = await pay(client, statement, contract);
      if (paid > 0n) paidTo.push(contract.downlineId, contract.payer === 'upline' ? contract.uplineId : null);
      await admin.auditWith(client, actor, {
        action: 'agent_contract.rerun',
        merchantCode: run.merchantCode,
        target: run.contractId,
        details: {
          runId: run.id,
          periodStart: run.periodStart.toISOString(),
          outcome: 'payment',
          paid: paid.toString(),
          owedBefore: (statement.amount - statement.paid).toString(),
        },
      });
    });
    announce(run.merchantCode, paidTo);
  };

  /** Records a member's break or self-exclusion (the `member.blocked` subscriber, decision 0110). */
  const recordBlock = (
    client: pg.PoolClient,
    event: { merchantCode: string; memberId: string; kind: string; startsAt: string; endsAt: string | null },
  ) =>
    repository.recordBlock(client, {
      merchantCode: event.merchantCode,
      memberId: event.memberId,
      kind: event.kind,
      startsAt: new Date(event.startsAt),
      endsAt: event.endsAt === null ? null : new Date(event.endsAt),
    });

  /** Records one settled round against the dividend, hourly and real-time contracts of the bettor's uplines. */
  const accrue = async (
    client: pg.PoolClient,
    event: {
      roundId: string;
      memberId: string;
      betAmount: bigint;
      validBet: bigint;
      payout: bigint;
      settledAt: string;
      correction?: string;
    },
  ) => {
    const uplines = await agents.uplinesOf(event.memberId, client);
    if (uplines.length === 0) return;
    const settledAt = new Date(event.settledAt);
    for (const contract of await repository.accruingContracts(client, uplines, settledAt)) {
      const terms = contract.terms;
      if (event.correction) {
        // A correction (decision 0118): its differences, as a row of its own that is no round; a real-time share
        // stays as the first settlement priced it.
        if (event.validBet === 0n && event.betAmount === event.payout) continue;
        await repository.insertAccrual(client, {
          contractId: contract.id,
          roundId: `${event.roundId}:c${event.correction}`,
          memberId: event.memberId,
          settledAt,
          validBet: event.validBet,
          won: false,
          share: 0n,
          loss: event.betAmount - event.payout,
          correction: true,
        });
        continue;
      }
      let share = 0n;
      if (terms.kind === 'realtime') {
        const computed = realtimeShare(event, {
          winBp: basisPointsOf(terms.winRate),
          lossBp: basisPointsOf(terms.lossRate),
          minBet: minorOfThreshold(terms.minBet, contract.currency),
        });
        if (computed === null) continue;
        share = computed;
      } else if (event.validBet <= 0n) continue;
      await repository.insertAccrual(client, {
        contractId: contract.id,
        roundId: event.roundId,
        memberId: event.memberId,
        settledAt,
        validBet: event.validBet,
        won: event.payout > event.betAmount,
        share,
        loss: event.betAmount - event.payout,
      });
    }
  };

  const presentStatement = (row: StatementRow) => row;

  /**
   * The demo's contracts (decision 0093): every agent directly under a top agent of the demo merchant's tree holds
   * one running contract of each kind from that top agent, paid by the platform, unless it already has one of that
   * kind (in any state): the seed runs on every start. Whatever demo agents exist at seed time (the agents module
   * seeds its team before this module); none, nothing.
   */
  const seedDemo = async (context: DemoSeedContext) => {
    // The agents module's tree reads only the merchant's code.
    const merchant = { code: context.merchantCode } as MerchantContext;
    const settings = await settingsOf(context.merchantCode);
    const tops = await agents.tree(merchant, { pageNo: 1, pageSize: 100 });
    // An agent as the offer's own check has it: the member's type; a frozen one is left out.
    const agentsOf = async (rows: typeof tops.rows) => {
      const kept: typeof tops.rows = [];
      for (const row of rows) {
        if (row.profile?.frozen) continue;
        const member = await members.findById(row.memberId);
        if (member && isAgentType(member.type)) kept.push(row);
      }
      return kept;
    };
    let created = 0;
    for (const top of await agentsOf(tops.rows)) {
      const children = await agents.tree(merchant, { parentId: top.memberId, pageNo: 1, pageSize: 100 });
      for (const child of await agentsOf(children.rows)) {
        for (const kind of settings.allowedKinds) {
          if ((await repository.contractsOf(child.memberId, kind)).length > 0) continue;
          const terms = DEMO_TERMS[kind];
          const topBp = topRateOf(terms);
          if (topBp > (settings.maxRates[kind] ?? 0)) continue;
          const at = now();
          await repository.inTransaction(async (client) => {
            const id = await repository.insertContract(client, {
              merchantCode: context.merchantCode,
              currency: context.currency,
              kind,
              terms,
              topRateBp: topBp,
              period: periodKindOf(terms),
              uplineId: top.memberId,
              uplineAccount: top.account,
              downlineId: child.memberId,
              downlineAccount: child.account,
              payer: settings.payer,
            });
            if (!id) return;
            await repository.updateContract(client, id, {
              status: 'active',
              decidedAt: at,
              startsAt: periodAt(periodKindOf(terms) as never, at).start,
            });
            await repository.record(client, id, 'offered', 'system:demo');
            await repository.record(client, id, 'accepted', 'system:demo');
            created += 1;
          });
        }
      }
    }
    return created;
  };

  return {
    settingsOf,
    seedDemo,
    accrue,
    recordBlock,
    settleDue,
    settlePeriod,
    payUnpaid,

    act: async (merchant: MerchantContext, member: MemberPrincipal, kind: ContractKind, input: ContractAction) => {
      let outcome: { contract: string; ended: string[] } | null = null;
      switch (input.action) {
        case 'offer':
          outcome = await offer(merchant, member, kind, input);
          break;
        case 'accept':
          outcome = await accept(merchant, member, kind, input);
          break;
        case 'reject':
        case 'withdraw':
        case 'terminate':
          outcome = await decide(merchant, member, kind, input.action, input.contractId);
          break;
        case 'list':
          break;
      }
      const settings = await settingsOf(merchant.code);
      const maxBp = settings.allowedKinds.includes(kind) ? await maxRateFor(member.memberId, kind, settings) : null;
      const rows = await repository.contractsOf(member.memberId, kind);
      const contracts = await present(rows);
      const acted = outcome ? (await present([(await repository.contract(outcome.contract)) as ContractRow]))[0] : null;
      return {
        contract: acted ?? null,
        contracts,
        ended: outcome?.ended ?? [],
        maxRate: maxBp === null ? null : rateOfBasisPoints(Math.min(maxBp, CONTRACT_RATE_MAX_BP)),
        memberId: member.memberId,
        noticeDays: settings.noticeDays,
      };
    },

    consolidated: async (member: MemberPrincipal): Promise<Consolidated> => {
      const flags = new Map((await repository.flagsOf(member.memberId, now())).map((row) => [row.kind, row]));
      const offer = (kind: ContractKind) => flags.get(kind)?.offer ?? '';
      const running = (kind: ContractKind) => (flags.get(kind)?.running ? '1' : '');
      return {
        divtypereq: offer('dividend'),
        dailysalreqtype: offer('daily'),
        contracthoursalreq: offer('hourly'),
        realtimesalreqtype: offer('realtime'),
        divtypeinfo: running('dividend'),
        dailysalinfotype: running('daily'),
        contractmrdailysalinfotype: '',
        contracthoursalinfo: running('hourly'),
        realtimesalinfo: running('realtime'),
      };
    },

    statements: async (
      member: MemberPrincipal,
      query: { kind: ContractKind; side: 'received' | 'paid'; pageNo: number; pageSize: number },
    ) => {
      const { rows, total } = await repository.statements({ memberId: member.memberId, ...query }, query);
      const contracts = [...new Set(rows.map((row) => row.contractId))];
      const chains = await Promise.all(contracts.map((id) => repository.chain(id)));
      return { rows: rows.map(presentStatement), total, chainIntact: chains.every(chainIntact) };
    },

    verifyChain: async (contractId: string) => chainIntact(await repository.chain(contractId)),

    // --- Back office -------------------------------------------------------------------------------------------

    listContracts: async (
      merchant: MerchantContext,
      query: { kind?: ContractKind; status?: string; account?: string; pageNo: number; pageSize: number },
    ) => {
      const { rows, total } = await repository.listContracts(merchant.code, query, query);
      return { rows: await present(rows), total };
    },

    listRuns: (
      merchant: MerchantContext,
      query: { status?: string; contractId?: string; pageNo: number; pageSize: number },
    ) => repository.listRuns(merchant.code, query, query),

    /** One contract of the merchant with its history and its chain checked; another merchant's is not found. */
    contract: async (merchant: MerchantContext, id: string) => {
      const row = await repository.contract(id);
      if (!row || row.merchantCode !== merchant.code) throw new AppError('not_found');
      const chain = await repository.chain(id);
      const brokenAtSeq = chainBreak(chain);
      return {
        contract: (await present([row]))[0] as Awaited<ReturnType<typeof present>>[number],
        currency: row.currency,
        statements: chain.length,
        chainIntact: brokenAtSeq === null,
        brokenAtSeq,
      };
    },

    listStatements: (
      merchant: MerchantContext,
      query: { contractId?: string; status?: string; pageNo: number; pageSize: number },
    ) => repository.statements({ merchantCode: merchant.code, ...query }, query),

    rerun: async (merchant: MerchantContext, runId: string, actor: Actor) => {
      const run = await repository.run(runId);
      if (run?.merchantCode !== merchant.code) throw new AppError('not_found');
      if (run.status === 'settled') {
        await payRun(run, actor);
        return (await repository.run(runId)) ?? run;
      }
      const after = await rerunOne(runId);
      await repository.inTransaction((client) =>
        admin.auditWith(client, actor, {
          action: 'agent_contract.rerun',
          merchantCode: merchant.code,
          target: run.contractId,
          details: { runId, periodStart: run.periodStart.toISOString(), outcome: after.status },
        }),
      );
      return after;
    },

    settings: async (merchant: MerchantContext): Promise<ContractSettings> => {
      const row = await settingsOf(merchant.code);
      return {
        payer: row.payer,
        allowedKinds: row.allowedKinds,
        maxRates: {
          dividend: rateOfBasisPoints(row.maxRates.dividend ?? 0),
          daily: rateOfBasisPoints(row.maxRates.daily ?? 0),
          hourly: rateOfBasisPoints(row.maxRates.hourly ?? 0),
          realtime: rateOfBasisPoints(row.maxRates.realtime ?? 0),
        },
        noticeDays: row.noticeDays,
      };
    },

    saveSettings: async (merchant: MerchantContext, input: ContractSettings, actor: Actor) => {
      await repository.inTransaction(async (client) => {
        await repository.saveSettings(client, {
          merchantCode: merchant.code,
          payer: input.payer,
          allowedKinds: [...new Set(input.allowedKinds)],
          maxRates: {
            dividend: basisPointsOf(input.maxRates.dividend),
            daily: basisPointsOf(input.maxRates.daily),
            hourly: basisPointsOf(input.maxRates.hourly),
            realtime: basisPointsOf(input.maxRates.realtime),
          },
          noticeDays: input.noticeDays,
        });
        await admin.auditWith(client, actor, {
          action: 'agent_contract.settings',
          merchantCode: merchant.code,
          target: merchant.code,
          details: input,
        });
      });
    },
  };
};

export type AgentContractsService = ReturnType<typeof createAgentContractsService>;
