import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';
import { moneyStringSchema } from './wallet';

/**
 * Agent contracts and their settlement (issue 25; spec sections 1-4, 6, 7, 9; api-facts 10; decisions 0076-0078).
 * An upline offers a direct downline a contract of one of four kinds; the downline accepts or rejects it; the
 * platform settles every period once, writes a hash-chained statement and pays it through the ledger.
 *
 * Rates travel as percentages with at most two decimals ("1.25" = 1.25 %), held inside as basis points (125).
 * Thresholds travel as decimal strings in the merchant's currency, `0` allowed.
 */

export const contractKinds = ['dividend', 'daily', 'hourly', 'realtime'] as const;
export type ContractKind = (typeof contractKinds)[number];

/** Dividend periods (api-facts 10): D daily, W weekly, H half-monthly, M monthly. */
export const dividendPeriods = ['D', 'W', 'H', 'M'] as const;
export type DividendPeriod = (typeof dividendPeriods)[number];

/** Every settlement period a statement can cover: the dividend's four, an hour, a real-time window of 5 minutes. */
export const settlementPeriods = ['D', 'W', 'H', 'M', 'hour', 'window'] as const;
export type SettlementPeriod = (typeof settlementPeriods)[number];

export const CONTRACT_MAX_TIERS = 6;
/** Real-time salary is settled every 5 minutes (spec section 9). */
export const REALTIME_WINDOW_SECONDS = 300;
/** A rate's upper bound in basis points (100 %). */
export const CONTRACT_RATE_MAX_BP = 10_000;

export const contractStatuses = ['offered', 'active', 'rejected', 'withdrawn', 'terminated'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const statementStatuses = ['paid', 'partial', 'insufficient', 'nothing_due'] as const;
export type StatementStatus = (typeof statementStatuses)[number];

/** A percentage with at most two decimals, 0 to 100. */
export const rateSchema = z
  .string({ message: 'contract_rate_invalid' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, { message: 'contract_rate_invalid' })
  .refine((text) => Number(text) <= 100, { message: 'contract_rate_invalid' });

/** "1.25" → 125 basis points. */
export const basisPointsOf = (rate: string): number => Math.round(Number(rate.trim()) * 100);
/** 125 → "1.25". */
export const rateOfBasisPoints = (bp: number): string => (bp / 100).toFixed(2);

/** A tier's threshold: a non-negative amount with at most two decimals. */
const thresholdSchema = z
  .string({ message: 'field_invalid' })
  .trim()
  .regex(/^\d{1,13}(\.\d{1,2})?$/, { message: 'field_invalid' });
const membersSchema = z.coerce
  .number({ message: 'field_invalid' })
  .int({ message: 'field_invalid' })
  .min(0, { message: 'field_invalid' })
  .max(1_000_000, { message: 'field_too_large' });

/**
 * Tiers in order: each tier asks at least as much as the one before on every threshold and pays a strictly higher
 * rate (otherwise it could never be the best one met).
 */
const checkTierOrder =
  <T extends { rate: string }>(thresholds: (tier: T) => number[]) =>
  (tiers: T[], ctx: z.RefinementCtx) => {
    for (let i = 1; i < tiers.length; i += 1) {
      const previous = tiers[i - 1] as T;
      const tier = tiers[i] as T;
      const before = thresholds(previous);
      const lower = thresholds(tier).some((value, j) => value < (before[j] ?? 0));
      if (lower || basisPointsOf(tier.rate) <= basisPointsOf(previous.rate)) {
        ctx.addIssue({ code: 'custom', path: [i, 'rate'], message: 'contract_tiers_out_of_order' });
      }
    }
  };

const tierList = <T extends z.ZodTypeAny>(tier: T) =>
  z
    .array(tier, { message: 'field_invalid' })
    .min(1, { message: 'not_empty' })
    .max(CONTRACT_MAX_TIERS, { message: 'contract_too_many_tiers' });

export const dividendTierSchema = z.strictObject({
  /** The team's valid bet over the period, at least. */
  validBet: thresholdSchema,
  /** The team's loss over the period (the platform's gross profit on it), at least. */
  loss: thresholdSchema,
  activeMembers: membersSchema,
  rate: rateSchema,
});
export const dailyTierSchema = z.strictObject({
  /** The team's valid bet over the day, at least. */
  betAmount: thresholdSchema,
  activeMembers: membersSchema,
  rate: rateSchema,
});
export const hourlyTierSchema = z.strictObject({ betAmount: thresholdSchema, rate: rateSchema });

export const contractTermsSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('dividend'),
      period: z.enum(dividendPeriods, { message: 'contract_period_invalid' }),
      tiers: tierList(dividendTierSchema).superRefine(
        checkTierOrder((t) => [Number(t.validBet), Number(t.loss), Number(t.activeMembers)]),
      ),
    }),
    z.strictObject({
      kind: z.literal('daily'),
      tiers: tierList(dailyTierSchema).superRefine(
        checkTierOrder((t) => [Number(t.betAmount), Number(t.activeMembers)]),
      ),
    }),
    z.strictObject({
      kind: z.literal('hourly'),
      tiers: tierList(hourlyTierSchema).superRefine(checkTierOrder((t) => [Number(t.betAmount)])),
    }),
    z.strictObject({
      kind: z.literal('realtime'),
      /** Paid on a round the player won, per its valid bet. */
      winRate: rateSchema,
      /** Paid on a round the player lost (or drew), per its valid bet. */
      lossRate: rateSchema,
      /** A round's stake must be at least this to count (api-facts 10 `rt_bet_amount`). */
      minBet: thresholdSchema,
    }),
  ],
  { message: 'field_invalid' },
);
export type ContractTerms = z.infer<typeof contractTermsSchema>;

/** The highest rate in a set of terms, in basis points: what "a rate never above the upline's" compares. */
export const topRateOf = (terms: ContractTerms): number =>
  terms.kind === 'realtime'
    ? Math.max(basisPointsOf(terms.winRate), basisPointsOf(terms.lossRate))
    : Math.max(...terms.tiers.map((tier) => basisPointsOf(tier.rate)));

export const contractEventSchema = z.object({
  action: z.string(),
  /** `member:<account>` or `operator:<username>` or `system`. */
  actor: z.string(),
  at: z.string(),
  details: z.record(z.string(), z.unknown()),
});

export const contractSchema = z.object({
  id: z.string(),
  kind: z.enum(contractKinds),
  status: z.enum(contractStatuses),
  terms: contractTermsSchema,
  /** The upline that offered it (null: offered by the platform). */
  uplineId: z.string().nullable(),
  uplineAccount: z.string().nullable(),
  downlineId: z.string(),
  downlineAccount: z.string(),
  /** Who pays its statements: the platform or the upline (the merchant's setting when it was accepted). */
  payer: z.enum(['platform', 'upline']),
  offeredAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The first period it covers starts here; the last ends at `endsAt` (null: open-ended). */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The contract it replaces (an accepted new offer ends the pair's running contract of its kind). */
  replacesId: z.string().nullable(),
  history: z.array(contractEventSchema),
});
export type AgentContract = z.infer<typeof contractSchema>;

export const statementSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(contractKinds),
  /** Its place in the contract's chain (1, 2, …). */
  seq: z.number().int(),
  period: z.enum(settlementPeriods),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** What the settlement read: team valid bet, loss, active members, rounds counted. */
  inputs: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The tier met (1-based; null: none met, or real-time). */
  tier: z.number().int().nullable(),
  rate: z.string().nullable(),
  amount: moneyStringSchema,
  paid: moneyStringSchema,
  status: z.enum(statementStatuses),
  payer: z.enum(['platform', 'upline']),
  downlineAccount: z.string(),
  uplineAccount: z.string().nullable(),
  createdAt: z.string(),
  prevHash: z.string(),
  hash: z.string(),
});
export type AgentStatement = z.infer<typeof statementSchema>;

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
};
const idSchema = z.string({ message: 'field_invalid' }).uuid({ message: 'field_invalid' });

/** The consolidated call (api-facts 10): pending offers (`…req`, the offer's id or '') and running contracts. */
export const consolidatedSchema = z.object({
  divtypereq: z.string(),
  dailysalreqtype: z.string(),
  contracthoursalreq: z.string(),
  realtimesalreqtype: z.string(),
  divtypeinfo: z.string(),
  dailysalinfotype: z.string(),
  contractmrdailysalinfotype: z.string(),
  contracthoursalinfo: z.string(),
  realtimesalinfo: z.string(),
});
export type Consolidated = z.infer<typeof consolidatedSchema>;

/** One action on a contract (api-facts 10: an accept/reject/terminate action plus contract id and type). */
export const contractActionSchema = z.discriminatedUnion(
  'action',
  [
    /** The upline's offer to a direct downline (new request). */
    z.strictObject({
      action: z.literal('offer'),
      downlineId: idSchema,
      terms: contractTermsSchema,
      /** The `higher_rate` confirmation: ends the downline's own contracts that pay more than this one. */
      confirmHigherRate: z.boolean().default(false),
    }),
    z.strictObject({
      action: z.literal('accept'),
      contractId: idSchema,
      confirmHigherRate: z.boolean().default(false),
    }),
    z.strictObject({ action: z.literal('reject'), contractId: idSchema }),
    /** The upline takes back an offer not yet decided. */
    z.strictObject({ action: z.literal('withdraw'), contractId: idSchema }),
    /** Either side ends a running contract (termination request), with the merchant's notice. */
    z.strictObject({ action: z.literal('terminate'), contractId: idSchema }),
    /** The downline's own offers and contracts of this kind, and the upline's limits for a new one. */
    z.strictObject({ action: z.literal('list') }),
  ],
  { message: 'field_invalid' },
);
export type ContractAction = z.infer<typeof contractActionSchema>;

export const contractActionResultSchema = z.object({
  /** The contract acted on (absent for `list`). */
  contract: contractSchema.nullable(),
  /** Contracts the caller holds or offered, of the endpoint's kind, newest first. */
  contracts: z.array(contractSchema),
  /** Contracts a `higher_rate` confirmation ended (or would end, when it was refused). */
  ended: z.array(z.string()),
  /** The highest rate the caller may offer of this kind (its own contract's, or the merchant's maximum). */
  maxRate: z.string().nullable(),
  /** The caller's member id: which side of each contract it is on (upline: withdraw; either: terminate). */
  memberId: z.string(),
  /** The merchant's notice for a termination, in days: the contract runs to the end of the period it ends in. */
  noticeDays: z.number().int(),
});

const actionEndpoint = (name: string, kind: ContractKind, path: string, moduleId: string, label: string) =>
  defineEndpoint({
    name,
    method: 'POST',
    path,
    moduleIds: [moduleId],
    access: access.realMember,
    encrypted: false,
    request: contractActionSchema,
    response: contractActionResultSchema,
    summary: `${label} contracts (kind ${kind}): offer (an upline to a direct downline), accept, reject, withdraw, terminate, list. Errors: contract_not_downline, contract_already_decided, contract_not_active, contract_higher_rate, contract_rate_above_upline, contract_rate_above_max, contract_kind_not_allowed, contract_offer_pending, contract_wrong_kind, not_found.`,
  });

export const contractKindPaths: Record<ContractKind, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  daily: '/wps/relay/MCS2_processDailySalContract',
  hourly: '/wps/relay/MCS2_processContractHourSalary',
  realtime: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

export const agentContractEndpoints = {
  consolidated: defineEndpoint({
    name: 'agentContracts.consolidated',
    method: 'GET',
    path: '/wps/member/info/funds/consolidated',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: consolidatedSchema,
    summary:
      'Contract flags (api-facts 10): a pending offer of each kind (its id, else empty) and each running contract kind ("1" or empty); they gate the agent-centre pages and the contract popup after login.',
  }),
  dividend: actionEndpoint(
    'agentContracts.dividend',
    'dividend',
    contractKindPaths.dividend,
    'SIGNCONDIV3',
    'Dividend',
  ),
  daily: actionEndpoint('agentContracts.daily', 'daily', contractKindPaths.daily, 'DAILYSALCONT3', 'Daily salary'),
  hourly: actionEndpoint('agentContracts.hourly', 'hourly', contractKindPaths.hourly, 'HOURSAL3', 'Hourly salary'),
  realtime: actionEndpoint(
    'agentContracts.realtime',
    'realtime',
    contractKindPaths.realtime,
    'RTSALARY3',
    'Real-time salary',
  ),
  statements: defineEndpoint({
    name: 'agentContracts.statements',
    method: 'GET',
    path: '/wps/agent/contracts/statements',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({
      kind: z.enum(contractKinds, { message: 'field_invalid' }),
      /** `received`: statements of contracts the caller holds; `paid`: of contracts it offered. */
      side: z.enum(['received', 'paid']).default('received'),
      ...pageQuery,
    }),
    response: z.object({
      currency: z.string(),
      list: z.array(statementSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      total: z.number().int(),
      /** Whether every statement of the listed contracts links to the one before (the chain is intact). */
      chainIntact: z.boolean(),
    }),
    summary:
      'The agent-centre records (dividend record, daily wages, hourly salary, real-time salary): statements of either side of a contract, newest first.',
  }),
} as const;

export const contractSettingsSchema = z.object({
  payer: z.enum(['platform', 'upline'], { message: 'field_invalid' }),
  allowedKinds: z
    .array(z.enum(contractKinds, { message: 'field_invalid' }), { message: 'field_invalid' })
    .max(contractKinds.length, { message: 'field_invalid' })
    .refine((kinds) => new Set(kinds).size === kinds.length, { message: 'field_invalid' }),
  /** The highest rate per kind a top agent (no contract above it) may offer. */
  maxRates: z.object(
    { dividend: rateSchema, daily: rateSchema, hourly: rateSchema, realtime: rateSchema },
    { message: 'field_invalid' },
  ),
  /** Days between a termination and the contract's end (it then ends with the period that day falls in). */
  noticeDays: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(0, { message: 'field_too_small' })
    .max(90, { message: 'field_too_large' }),
});
export type ContractSettings = z.infer<typeof contractSettingsSchema>;

export const runSchema = z.object({
  id: z.string(),
  contractId: z.string(),
  kind: z.enum(contractKinds),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['settled', 'failed']),
  error: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  statementId: z.string().nullable(),
  /** Its statement's status (null: no statement, the run failed); `insufficient` and `partial` can be run again. */
  statementStatus: z.enum(statementStatuses).nullable(),
  amount: moneyStringSchema.nullable(),
  paid: moneyStringSchema.nullable(),
});
export type AgentContractRun = z.infer<typeof runSchema>;

/** Whether a run can be run again: it failed, or its statement is still owed something. */
export const runRerunnable = (run: Pick<AgentContractRun, 'status' | 'statementStatus'>): boolean =>
  run.status === 'failed' || run.statementStatus === 'insufficient' || run.statementStatus === 'partial';

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const list = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ list: z.array(item), pageNo: z.number().int(), totalPages: z.number().int(), total: z.number().int() });

export const adminAgentContractEndpoints = {
  contracts: defineEndpoint({
    name: 'admin.agentContracts',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-contracts',
    moduleIds: [],
    access: access.operator('agentContracts.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      kind: z.enum(contractKinds, { message: 'field_invalid' }).optional(),
      status: z.enum(contractStatuses, { message: 'field_invalid' }).optional(),
      account: z.string().trim().max(32, { message: 'field_too_long' }).optional(),
      ...pageQuery,
    }),
    response: list(contractSchema),
    summary: "The merchant's agent contracts with their history, newest first.",
  }),
  runs: defineEndpoint({
    name: 'admin.agentContractRuns',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-contract-runs',
    moduleIds: [],
    access: access.operator('agentContracts.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      status: z.enum(['settled', 'failed'], { message: 'field_invalid' }).optional(),
      contractId: idSchema.optional(),
      ...pageQuery,
    }),
    response: list(runSchema),
    summary:
      'Settlement runs, one per (contract, period), newest first, per contract or all; failed ones, and those whose statement is insufficient or partial, can be run again.',
  }),
  contract: defineEndpoint({
    name: 'admin.agentContract',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-contracts/:id',
    moduleIds: [],
    access: access.operator('agentContracts.read', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, id: idSchema }),
    request: z.strictObject({}),
    response: z.object({
      contract: contractSchema,
      currency: z.string(),
      /** Statements written for it so far. */
      statements: z.number().int(),
      /** Whether every statement links to the one before and its hash is its content's. */
      chainIntact: z.boolean(),
      /** The first statement (its seq) where the chain breaks; null when intact. */
      brokenAtSeq: z.number().int().nullable(),
    }),
    summary:
      "One contract of the merchant: its terms, every transition (who, what, when) and its statements' hash chain checked. Another merchant's contract answers not_found.",
  }),
  statements: defineEndpoint({
    name: 'admin.agentContractStatements',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-contract-statements',
    moduleIds: [],
    access: access.operator('agentContracts.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      contractId: idSchema.optional(),
      status: z.enum(statementStatuses).optional(),
      ...pageQuery,
    }),
    response: list(statementSchema),
    summary: 'Statements (inputs, tier, rate, amount, paid), newest first, per contract or all.',
  }),
  rerun: defineEndpoint({
    name: 'admin.rerunAgentContractRun',
    method: 'POST',
    path: '/api/admin/merchants/:code/agent-contract-runs/:id/rerun',
    moduleIds: [],
    access: access.operator('agentContracts.manage', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, id: idSchema }),
    request: z.strictObject({}),
    response: runSchema,
    summary:
      "Runs a settlement again through the engine's own path, audited: a failed run settles its period (once, under the run's unique key); a run whose statement is insufficient or partial pays what the payer can now (never more than owed). A run with nothing left to do answers contract_run_settled.",
  }),
  settings: defineEndpoint({
    name: 'admin.agentContractSettings',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-contract-settings',
    moduleIds: [],
    access: access.operator('agentContracts.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: contractSettingsSchema,
    summary: "The merchant's contract settings: who pays, allowed kinds, maximum rates, notice days.",
  }),
  saveSettings: defineEndpoint({
    name: 'admin.saveAgentContractSettings',
    method: 'PUT',
    path: '/api/admin/merchants/:code/agent-contract-settings',
    moduleIds: [],
    access: access.operator('agentContracts.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: contractSettingsSchema.strict(),
    response: contractSettingsSchema,
    summary: 'Saves the contract settings; audited. They apply to offers and acceptances from now on.',
  }),
} as const;

/** A statement's inputs in the order the statement shows them; any other input follows, by its own name. */
export const STATEMENT_INPUTS = [
  'from',
  'to',
  'validBet',
  'loss',
  'activeMembers',
  'rounds',
  'wonRounds',
  'leftOutMembers',
] as const;

/** A statement's inputs as [name, value] pairs, in STATEMENT_INPUTS order (PostgreSQL's jsonb keeps keys
 * shortest first, so a stored statement comes back with `to` before `from`): what both the member site and the back
 * office show. */
export const orderedInputs = (inputs: Record<string, string | number>): [string, string | number][] => {
  const rank = (name: string) => {
    const at = (STATEMENT_INPUTS as readonly string[]).indexOf(name);
    return at === -1 ? STATEMENT_INPUTS.length : at;
  };
  return Object.entries(inputs).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
};
