import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { gameCategories, gameCategorySchema } from './games';
import { merchantCodeSchema } from './merchants';
import { formatRebateRate, parseRebateRate, REBATE_RATE_MAX_PPM } from './promotions-rebate';
import { agentMemberTypes } from './session';
import { ledgerEntrySchema, moneyStringSchema } from './wallet';

/**
 * The agent programme (issue 24; spec sections 1, 2 and 6; api-facts 11.1; decisions 0056-0058): members apply to
 * become agents and operators decide; every member has at most one upline, and an agent reads its own downline only
 * (any other member's id answers `not_found`). Team figures come from per-member daily rollups the agents module
 * keeps from events, summed over the agent's subtree. Days are UTC calendar days, `YYYY-MM-DD`.
 */

/** The longest date range one team query may span, in days (inclusive). */
export const AGENT_RANGE_MAX_DAYS = 93;
/** The deepest a member may sit below the top of its tree (a top agent is depth 0). */
export const AGENT_TREE_MAX_DEPTH = 20;

const dayText = z
  .string({ message: 'field_invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field_invalid' })
  .refine(
    (text) =>
      !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
    {
      message: 'field_invalid',
    },
  );

const rangeFields = { from: dayText, to: dayText };

/** A date range (inclusive, UTC days): `from` not after `to`, at most AGENT_RANGE_MAX_DAYS long. */
const checkRange = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  const from = Date.parse(`${range.from}T00:00:00Z`);
  const to = Date.parse(`${range.to}T00:00:00Z`);
  if (Number.isNaN(from) || Number.isNaN(to)) return;
  if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'field_invalid' });
  else if ((to - from) / 86_400_000 + 1 > AGENT_RANGE_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'field_too_large', params: { max: AGENT_RANGE_MAX_DAYS } });
  }
};

export const agentRangeQuery = z.strictObject(rangeFields).superRefine(checkRange);
export type AgentRange = z.infer<typeof agentRangeQuery>;

/** The named ranges of the agent centre's filters; `custom` sends its own dates. */
export const agentRangeNames = ['today', 'yesterday', '7d', '30d', 'custom'] as const;
export type AgentRangeName = (typeof agentRangeNames)[number];

/** The UTC days a named range covers, on the day `now` falls on. */
export const agentRangeOf = (name: Exclude<AgentRangeName, 'custom'>, now: Date): AgentRange => {
  const day = (offset: number) => new Date(now.getTime() - offset * 86_400_000).toISOString().slice(0, 10);
  switch (name) {
    case 'today':
      return { from: day(0), to: day(0) };
    case 'yesterday':
      return { from: day(1), to: day(1) };
    case '7d':
      return { from: day(6), to: day(0) };
    case '30d':
      return { from: day(29), to: day(0) };
  }
};

/** Money figures of a set of members over a range, in the merchant's currency (major units, decimal strings). */
export const teamFiguresSchema = z.object({
  deposits: moneyStringSchema,
  depositCount: z.number().int(),
  withdrawals: moneyStringSchema,
  withdrawalCount: z.number().int(),
  bets: moneyStringSchema,
  validBets: moneyStringSchema,
  betCount: z.number().int(),
  payouts: moneyStringSchema,
  /** The team's win/loss: payouts less bets (negative: the team lost). */
  winLoss: moneyStringSchema,
});
export type TeamFigures = z.infer<typeof teamFiguresSchema>;

/** An agent's rebate rates per game category, percentages ("0.80"); a category absent has no rate (0). */
export const agentRatesSchema = z.partialRecord(gameCategorySchema, z.string());
export type AgentRates = z.infer<typeof agentRatesSchema>;

export const teamOverviewSchema = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** Members directly under the agent, and its whole downline (every level). */
  directMembers: z.number().int(),
  teamMembers: z.number().int(),
  /** Downline members who joined the team in the range. */
  newMembers: z.number().int(),
  /** Downline members with at least one settled bet in the range. */
  activeMembers: z.number().int(),
  figures: teamFiguresSchema,
});
export type TeamOverview = z.infer<typeof teamOverviewSchema>;

export const agentStatuses = ['active', 'frozen'] as const;

export const downlineMemberSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  /** 0 member, else one of the agent types. */
  type: z.number().int(),
  isAgent: z.boolean(),
  /** Levels below the calling agent (1: direct). */
  level: z.number().int(),
  joinedAt: z.string(),
  /** The member's own direct team size. */
  directMembers: z.number().int(),
  /** The member's own figures over the range (not its team's). */
  figures: teamFiguresSchema,
  /** active; locked (the back office locked the account); frozen (an agent the back office froze). */
  status: z.enum(['active', 'locked', 'frozen']),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** The member's main-wallet balance now. */
  balance: moneyStringSchema,
  /** A downline agent's rates ({} for a member). */
  rates: agentRatesSchema,
});
export type DownlineMember = z.infer<typeof downlineMemberSchema>;

export const downlinePageSchema = z.object({
  currency: z.string(),
  /** The member whose direct downline this is (the agent itself, or one of its downline), with the path to it. */
  parent: z.object({ memberId: z.string(), account: z.string() }),
  trail: z.array(z.object({ memberId: z.string(), account: z.string() })),
  list: z.array(downlineMemberSchema),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type DownlinePage = z.infer<typeof downlinePageSchema>;

export const teamDaySchema = z.object({ day: z.string(), figures: teamFiguresSchema });
export const teamReportSchema = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  /** One row per day with any activity, newest first. */
  days: z.array(teamDaySchema),
  total: teamFiguresSchema,
});
export type TeamReport = z.infer<typeof teamReportSchema>;

export const agentLinkSchema = z.object({
  /** The agent's affiliate code; the registration link is `/register?affiliateCode=<code>`. */
  affiliateCode: z.string(),
  agentType: z.number().int(),
  frozen: z.boolean(),
  /** The agent's own rates: the most it may give a downline agent (decision 0090). */
  rates: agentRatesSchema,
});

export const agentApplicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type AgentApplicationStatus = (typeof agentApplicationStatuses)[number];

const contactText = (max: number) =>
  z.string({ message: 'field_invalid' }).trim().max(max, { message: 'field_too_long' });

export const agentApplicationInputSchema = z.strictObject({
  contactName: contactText(60).pipe(z.string().min(2, { message: 'field_too_short' })),
  contactMobile: z
    .string({ message: 'field_invalid' })
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, { message: 'field_invalid' }),
  message: contactText(500),
});
export type AgentApplicationInput = z.infer<typeof agentApplicationInputSchema>;

export const agentApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(agentApplicationStatuses),
  contactName: z.string(),
  contactMobile: z.string(),
  message: z.string(),
  /** The operator's reason on a rejection. */
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type AgentApplication = z.infer<typeof agentApplicationSchema>;

export const myAgentApplicationSchema = z.object({
  isAgent: z.boolean(),
  /** The latest application, if any. */
  application: agentApplicationSchema.nullable(),
});

const pageQuery = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
};

const memberIdSchema = z.string({ message: 'field_invalid' }).uuid({ message: 'field_invalid' });

export const agentEndpoints = {
  myApplication: defineEndpoint({
    name: 'agents.myApplication',
    method: 'GET',
    path: '/wps/agent/application',
    moduleIds: ['AFFMAN3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: myAgentApplicationSchema,
    summary: 'Whether the member is an agent, and its latest affiliate application (the affiliate application page).',
  }),
  apply: defineEndpoint({
    name: 'agents.apply',
    method: 'POST',
    path: '/wps/agent/application',
    moduleIds: ['AFFMAN3'],
    access: access.realMember,
    encrypted: false,
    request: agentApplicationInputSchema,
    response: agentApplicationSchema,
    summary:
      'Applies to become an agent with contact details; one open application at a time. Errors: agent_already (an agent), agent_application_pending.',
  }),
  link: defineEndpoint({
    name: 'agents.link',
    method: 'GET',
    path: '/wps/agent/link',
    moduleIds: ['REGCEN'],
    access: access.agent,
    encrypted: false,
    request: z.strictObject({}),
    response: agentLinkSchema,
    summary: "The agent's affiliate code for its registration link (`/register?affiliateCode=`).",
  }),
  overview: defineEndpoint({
    name: 'agents.overview',
    method: 'GET',
    path: '/wps/agent/team/overview',
    moduleIds: ['AGEINFO3'],
    access: access.agent,
    encrypted: false,
    request: agentRangeQuery,
    response: teamOverviewSchema,
    summary:
      "Team overview (agentTeamOverview): team sizes, new and active members, and the downline's deposits, withdrawals, bets, valid bets and win/loss over the range.",
  }),
  report: defineEndpoint({
    name: 'agents.report',
    method: 'GET',
    path: '/wps/agent/team/report',
    moduleIds: ['AGEINFO3'],
    access: access.agent,
    encrypted: false,
    request: z
      .strictObject({
        ...rangeFields,
        /** One downline member's figures instead of the whole team's; another member's id answers not_found. */
        memberId: memberIdSchema.optional(),
      })
      .superRefine(checkRange),
    response: teamReportSchema,
    summary: "The downline's figures per day over the range (or one downline member's); from the daily rollups.",
  }),
  downline: defineEndpoint({
    name: 'agents.downline',
    method: 'GET',
    path: '/wps/agent/team/members',
    moduleIds: ['DOWNMAN'],
    access: access.agent,
    encrypted: false,
    request: z
      .strictObject({
        /** Whose direct downline to list: the agent itself when absent, else a member of its downline. */
        parentId: memberIdSchema.optional(),
        /** Search the whole downline by account (part of it) instead of one level. */
        account: z.string().trim().max(32, { message: 'field_too_long' }).optional(),
        ...rangeFields,
        ...pageQuery,
      })
      .superRefine(checkRange),
    response: downlinePageSchema,
    summary:
      "Downline management: one level of the agent's tree (or a search of its whole downline by account) with each member's type, joined date, direct team size and figures over the range. A parentId outside the downline answers not_found.",
  }),
} as const;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const applicationParams = z.strictObject({
  code: merchantCodeSchema,
  id: z.string().uuid({ message: 'field_invalid' }),
});
const memberParams = z.strictObject({ code: merchantCodeSchema, memberId: memberIdSchema });

export const adminAgentApplicationSchema = agentApplicationSchema.extend({
  memberId: z.string(),
  account: z.string(),
  agentType: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminAgentApplication = z.infer<typeof adminAgentApplicationSchema>;

export const adminAgentNodeSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  parentId: z.string().nullable(),
  depth: z.number().int(),
  /** null: not an agent. */
  agentType: z.number().int().nullable(),
  frozen: z.boolean(),
  directMembers: z.number().int(),
  teamMembers: z.number().int(),
  joinedAt: z.string(),
});
export type AdminAgentNode = z.infer<typeof adminAgentNodeSchema>;

export const agentTypeSchema = z.coerce
  .number({ message: 'field_invalid' })
  .int({ message: 'field_invalid' })
  .refine((type) => (agentMemberTypes as readonly number[]).includes(type), { message: 'field_invalid' });

export const adminAgentEndpoints = {
  applications: defineEndpoint({
    name: 'admin.agentApplications',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-applications',
    moduleIds: [],
    access: access.operator('agents.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({ status: z.enum(agentApplicationStatuses).optional(), ...pageQuery }),
    response: z.object({
      list: z.array(adminAgentApplicationSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      total: z.number().int(),
    }),
    summary: 'The affiliate application queue, newest first, optionally by status.',
  }),
  decide: defineEndpoint({
    name: 'admin.decideAgentApplication',
    method: 'POST',
    path: '/api/admin/merchants/:code/agent-applications/:id/decision',
    moduleIds: [],
    access: access.operator('agents.manage', 'merchant'),
    encrypted: false,
    params: applicationParams,
    request: z.discriminatedUnion(
      'approve',
      [
        z.strictObject({ approve: z.literal(true), agentType: agentTypeSchema }),
        z.strictObject({
          approve: z.literal(false),
          reason: z.string().trim().min(1, { message: 'not_empty' }).max(300, { message: 'field_too_long' }),
        }),
      ],
      { message: 'field_invalid' },
    ),
    response: adminAgentApplicationSchema,
    summary:
      'Approves a pending application (the member becomes an agent of the chosen type, with an affiliate code) or rejects it with a reason; audited. A decided one answers agent_application_decided.',
  }),
  tree: defineEndpoint({
    name: 'admin.agentTree',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-tree',
    moduleIds: [],
    access: access.operator('agents.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      /** Whose direct downline to list; absent: the tops of the merchant's trees that have a downline or are agents. */
      parentId: memberIdSchema.optional(),
      account: z.string().trim().max(32, { message: 'field_too_long' }).optional(),
      ...pageQuery,
    }),
    response: z.object({
      list: z.array(adminAgentNodeSchema),
      pageNo: z.number().int(),
      totalPages: z.number().int(),
      total: z.number().int(),
    }),
    summary: "The merchant's agent tree, one level at a time (or a search by account).",
  }),
  move: defineEndpoint({
    name: 'admin.moveAgentBranch',
    method: 'POST',
    path: '/api/admin/merchants/:code/agent-tree/:memberId/move',
    moduleIds: [],
    access: access.operator('agents.manage', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({ newParentId: memberIdSchema }),
    response: adminAgentNodeSchema,
    summary:
      'Moves a member and its whole downline under another agent of the merchant; audited. Errors: agent_move_cycle (under itself or its own downline), agent_tree_too_deep, error_not_agent (the new parent is no agent).',
  }),
  setType: defineEndpoint({
    name: 'admin.setAgentType',
    method: 'POST',
    path: '/api/admin/merchants/:code/agent-tree/:memberId/agent-type',
    moduleIds: [],
    access: access.operator('agents.manage', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      /** An agent type makes the member an agent of it (or changes its type); 0 demotes an agent to a member. */
      agentType: z.union([z.literal(0), agentTypeSchema], { message: 'field_invalid' }),
    }),
    response: adminAgentNodeSchema,
    summary:
      "Makes a member of the tree an agent directly (an affiliate code if it has none), changes an agent's type, or demotes an agent to a member (its downline stays under it); audited. Demoting a member who is no agent answers error_not_agent.",
  }),
  overview: defineEndpoint({
    name: 'admin.agentOverview',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-tree/:memberId/overview',
    moduleIds: [],
    access: access.operator('agents.read', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: agentRangeQuery,
    response: teamOverviewSchema,
    summary: "An agent's team overview as the agent sees it.",
  }),
} as const;

// --- Agent centre team pages (issue 24, helper agents-team; decisions 0073-0074) --------------------------------
// Register centre (create a downline directly), team betting, user profit and loss, my income and account details.
// Every list is paged by pageNo; the member site builds CSV exports by walking the same pages (decision 0073).
// A memberId outside the caller's downline answers not_found.

/** What a downline account is created as: a plain member, or an agent (the merchant's CREATEAFF3 must be on). */
export const downlineAccountKinds = ['member', 'agent'] as const;
export type DownlineAccountKind = (typeof downlineAccountKinds)[number];

export const createDownlineInputSchema = z.strictObject({
  username: z.string({ message: 'field_invalid' }).trim().max(64, { message: 'field_too_long' }),
  password: z.string({ message: 'field_invalid' }).max(128, { message: 'field_too_long' }),
  confirmPassword: z.string({ message: 'field_invalid' }).max(128, { message: 'field_too_long' }),
  kind: z.enum(downlineAccountKinds, { message: 'field_invalid' }),
});
export type CreateDownlineInput = z.infer<typeof createDownlineInputSchema>;

export const createdDownlineSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  isAgent: z.boolean(),
  /** The agent type a downline agent gets (the creator's own); 0 for a member. */
  type: z.number().int(),
});

/** Filters shared by the team lists: a range, one downline member (by id) or an account search, a page. */
const teamListQuery = {
  ...rangeFields,
  /** One member of the downline; any other member's id answers not_found. */
  memberId: memberIdSchema.optional(),
  /** Members of the downline whose account contains this text. */
  account: z.string().trim().max(32, { message: 'field_too_long' }).optional(),
  ...pageQuery,
};

export const teamBetStatuses = ['open', 'settled', 'cancelled'] as const;

export const teamBetSchema = z.object({
  id: z.string(),
  memberId: z.string(),
  account: z.string(),
  roundId: z.string(),
  gameName: z.string(),
  /** The game category (live, rng, …). */
  gameType: z.string(),
  vendorName: z.string(),
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  payout: moneyStringSchema,
  /** Payout less stake of a settled round (the member's result); 0 while open. */
  winLoss: moneyStringSchema,
  status: z.string(),
  placedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type TeamBet = z.infer<typeof teamBetSchema>;

const teamTotalsOfBets = z.object({
  betCount: z.number().int(),
  betAmount: moneyStringSchema,
  validBet: moneyStringSchema,
  payout: moneyStringSchema,
  winLoss: moneyStringSchema,
});

const pagedOf = <T extends z.ZodTypeAny>(row: T) => ({
  list: z.array(row),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});

export const teamProfitRowSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  isAgent: z.boolean(),
  level: z.number().int(),
  /** The member's own figures over the range (its team's are on its own page). */
  figures: teamFiguresSchema,
});
export type TeamProfitRow = z.infer<typeof teamProfitRowSchema>;

/** What an agent's income line is: a transfer received from its downline, a rebate, or a contract payment. */
export const agentIncomeKinds = ['transfer', 'rebate', 'contract'] as const;
export type AgentIncomeKind = (typeof agentIncomeKinds)[number];

export const agentIncomeEntrySchema = ledgerEntrySchema.extend({ kind: z.enum(agentIncomeKinds) });
export type AgentIncomeEntry = z.infer<typeof agentIncomeEntrySchema>;

/** The downline transactions the account details page shows, by kind. */
export const teamTransactionKinds = ['deposit', 'withdrawal', 'transfer', 'adjustment'] as const;
export type TeamTransactionKind = (typeof teamTransactionKinds)[number];

export const teamTransactionSchema = ledgerEntrySchema.extend({
  memberId: z.string(),
  account: z.string(),
  kind: z.enum(teamTransactionKinds),
});
export type TeamTransaction = z.infer<typeof teamTransactionSchema>;

export const agentTeamEndpoints = {
  createDownline: defineEndpoint({
    name: 'agents.createDownline',
    method: 'POST',
    path: '/wps/agent/team/members',
    moduleIds: ['AGEREGDOWN3'],
    access: access.agent,
    encrypted: false,
    request: createDownlineInputSchema,
    response: createdDownlineSchema,
    summary:
      "Register centre: creates a downline account directly under the agent (username and password by the merchant's registration rules; an agent only where CREATEAFF3 is on). Errors: username_taken, agent_frozen, function.not.available, too_many_requests.",
  }),
  bets: defineEndpoint({
    name: 'agents.teamBets',
    method: 'GET',
    path: '/wps/agent/team/bets',
    moduleIds: ['TEAMBETTING3'],
    access: access.agent,
    encrypted: false,
    request: z
      .strictObject({
        ...teamListQuery,
        gameType: z.enum(gameCategories, { message: 'field_invalid' }).optional(),
        status: z.enum(teamBetStatuses, { message: 'field_invalid' }).optional(),
      })
      .superRefine(checkRange),
    response: z.object({ currency: z.string(), ...pagedOf(teamBetSchema), summary: teamTotalsOfBets }),
    summary:
      "Team betting: the downline's rounds placed in the range (UTC days), newest first, with game, category, stake, valid bet and result, and their totals.",
  }),
  profit: defineEndpoint({
    name: 'agents.teamProfit',
    method: 'GET',
    path: '/wps/agent/team/profit',
    moduleIds: ['AGETEAMPNL3'],
    access: access.agent,
    encrypted: false,
    request: z.strictObject(teamListQuery).superRefine(checkRange),
    response: z.object({
      currency: z.string(),
      from: z.string(),
      to: z.string(),
      ...pagedOf(teamProfitRowSchema),
      /** The figures of every downline member the filter matches (all pages), over the range. */
      sum: teamFiguresSchema,
    }),
    summary:
      "User profit and loss: each downline member's own deposits, withdrawals, bets, valid bets, payouts and win/loss over the range (daily rollups), with the downline's total.",
  }),
  income: defineEndpoint({
    name: 'agents.income',
    method: 'GET',
    path: '/wps/agent/income',
    moduleIds: ['AGEREV3'],
    access: access.agent,
    encrypted: false,
    request: z
      .strictObject({
        ...rangeFields,
        kind: z.enum(agentIncomeKinds, { message: 'field_invalid' }).optional(),
        ...pageQuery,
      })
      .superRefine(checkRange),
    response: z.object({
      currency: z.string(),
      ...pagedOf(agentIncomeEntrySchema),
      /** What each kind brought in over the range. */
      totals: z.object({ transfer: moneyStringSchema, rebate: moneyStringSchema, contract: moneyStringSchema }),
    }),
    summary:
      "My income: money the agent's main wallet received in the range: transfers from its downline, rebates, and contract salaries and dividends (ledger postings), with totals per kind.",
  }),
  transactions: defineEndpoint({
    name: 'agents.teamTransactions',
    method: 'GET',
    path: '/wps/agent/team/transactions',
    moduleIds: ['AGEDOWNTRANS3'],
    access: access.agent,
    encrypted: false,
    request: z
      .strictObject({ ...teamListQuery, kind: z.enum(teamTransactionKinds, { message: 'field_invalid' }).optional() })
      .superRefine(checkRange),
    response: z.object({ currency: z.string(), ...pagedOf(teamTransactionSchema) }),
    summary:
      "Account details: the downline's deposits, withdrawals, transfers and adjustments in the range (ledger postings), newest first.",
  }),
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Agent money (issue 24, decision 0075): transfers to a downline and to the upline, the red envelope to many
// downlines (agentRedRain), freezing an agent, and the merchant's agent settings. Money moves from the agent's main
// wallet through the ledger, after the withdraw password, once per request id.

/** Who an agent may transfer to down its tree: nobody, its direct downline only, or anyone below it. */
export const agentTransferDownRules = ['off', 'direct', 'any'] as const;
export type AgentTransferDownRule = (typeof agentTransferDownRules)[number];

/** How a red envelope is split: equal parts (the remainder one minor unit each to the first), or random parts. */
export const redEnvelopeSplits = ['equal', 'random'] as const;
export type RedEnvelopeSplit = (typeof redEnvelopeSplits)[number];

/** The most downlines one red envelope may reach. */
export const RED_ENVELOPE_MAX_RECIPIENTS = 100;

/** A merchant's agent programme settings (the back office's agent settings screen). */
export const agentSettingsSchema = z.object({
  /** The deepest a member may be placed below the top of its tree (1 to AGENT_TREE_MAX_DEPTH). */
  maxDepth: z.number().int(),
  /** Whether an agent may create downline agents (register centre, agent links); members always. */
  agentsCreateAgents: z.boolean(),
  transferDown: z.enum(agentTransferDownRules),
  /** Whether an agent may transfer to its upline from the agent centre. */
  transferUp: z.boolean(),
  /** Default rebate rates of a new agent per game category, percentages ("0.80"). */
  defaultRates: z.partialRecord(gameCategorySchema, z.string()),
});
export type AgentSettings = z.infer<typeof agentSettingsSchema>;

/** A default rate as typed, a percentage with up to four decimals; empty: no default for the category. */
const defaultRateField = z
  .string({ message: 'field_invalid' })
  .trim()
  .max(20, { message: 'field_invalid' })
  .superRefine((text, ctx) => {
    if (text === '') return;
    const parsed = parseRebateRate(text);
    if (parsed.ok) return;
    ctx.addIssue({
      code: 'custom',
      message: parsed.error,
      ...(parsed.error === 'field_too_large' ? { params: { max: formatRebateRate(REBATE_RATE_MAX_PPM) } } : {}),
    });
  });

export const agentSettingsInputSchema = z.strictObject({
  maxDepth: z.coerce
    .number({ message: 'field_invalid' })
    .int({ message: 'field_invalid' })
    .min(1, { message: 'field_too_small' })
    .max(AGENT_TREE_MAX_DEPTH, { message: 'field_too_large' }),
  agentsCreateAgents: z.boolean({ message: 'field_invalid' }),
  transferDown: z.enum(agentTransferDownRules, { message: 'field_not_allowed' }),
  transferUp: z.boolean({ message: 'field_invalid' }),
  defaultRates: z.partialRecord(gameCategorySchema, defaultRateField),
});
export type AgentSettingsInput = z.infer<typeof agentSettingsInputSchema>;

/** What the agent centre's transfer pages show before a transfer. */
export const agentTransferInfoSchema = z.object({
  currency: z.string(),
  availableBalance: moneyStringSchema,
  hasWithdrawPassword: z.boolean(),
  frozen: z.boolean(),
  transferDown: z.enum(agentTransferDownRules),
  /** The merchant allows transfers to the upline and the agent has one. */
  transferUp: z.boolean(),
  uplineAccount: z.string().nullable(),
});
export type AgentTransferInfo = z.infer<typeof agentTransferInfoSchema>;

const transferAmount = z.string({ message: 'not_empty' }).trim().min(1, { message: 'not_empty' }).max(40, {
  message: 'amount_not_numeric',
});
const withdrawPasswordField = z.string({ message: 'not_empty' }).min(1, { message: 'not_empty' }).max(128);
const transferRequestId = z.uuid({ message: 'field_invalid' });

export const agentTransferResultSchema = z.object({
  /** The agent's side of the movement (negative). */
  entry: ledgerEntrySchema,
  toAccount: z.string(),
});
export type AgentTransferResult = z.infer<typeof agentTransferResultSchema>;

export const redEnvelopeResultSchema = z.object({
  entry: ledgerEntrySchema,
  currency: z.string(),
  parts: z.array(z.object({ memberId: z.string(), account: z.string(), amount: moneyStringSchema })),
});
export type RedEnvelopeResult = z.infer<typeof redEnvelopeResultSchema>;

export const agentMoneyEndpoints = {
  transferInfo: defineEndpoint({
    name: 'agents.transferInfo',
    method: 'GET',
    path: '/wps/agent/transfer',
    moduleIds: ['DOWNMAN', 'AGETRANSFERUP3', 'AGENTRANSMULTDOWN3'],
    access: access.agent,
    encrypted: false,
    request: z.strictObject({}),
    response: agentTransferInfoSchema,
    summary: "The agent's available main balance, whether it is frozen, and the merchant's transfer rules.",
  }),
  transferDown: defineEndpoint({
    name: 'agents.transferDown',
    method: 'POST',
    path: '/wps/agent/transfer/downline',
    moduleIds: ['DOWNMAN'],
    access: access.agent,
    encrypted: true,
    request: z.strictObject({
      requestId: transferRequestId,
      toAccount: z.string({ message: 'not_empty' }).trim().min(1, { message: 'not_empty' }).max(32, {
        message: 'field_too_long',
      }),
      amount: transferAmount,
      withdrawPassword: withdrawPasswordField,
    }),
    response: agentTransferResultSchema,
    summary:
      "Moves money from the agent's main wallet to a downline member's, after the withdraw password; once per requestId. Errors: not_found (no such member in the downline), agent_transfer_off, agent_transfer_direct_only, agent_frozen, insufficient_funds, amount codes, error_withdraw_password (field), withdraw_password_not_set.",
  }),
  transferUp: defineEndpoint({
    name: 'agents.transferUp',
    method: 'POST',
    path: '/wps/agent/transfer/upline',
    moduleIds: ['AGETRANSFERUP3'],
    access: access.agent,
    encrypted: true,
    request: z.strictObject({
      requestId: transferRequestId,
      amount: transferAmount,
      withdrawPassword: withdrawPasswordField,
    }),
    response: agentTransferResultSchema,
    summary:
      "Moves money from the agent's main wallet to its upline's, when the merchant allows it; once per requestId. Errors: agent_transfer_up_off, no_upline, agent_frozen, insufficient_funds, amount codes, error_withdraw_password (field).",
  }),
  setRates: defineEndpoint({
    name: 'agents.setDownlineRates',
    method: 'POST',
    path: '/wps/agent/team/rates',
    moduleIds: ['DOWNMAN'],
    access: access.agent,
    encrypted: false,
    request: z.strictObject({
      memberId: memberIdSchema,
      /** The downline agent's new rates per category (empty or absent: none); they replace its rates. */
      rates: z.partialRecord(gameCategorySchema, defaultRateField),
    }),
    response: z.object({ memberId: z.string(), account: z.string(), rates: agentRatesSchema }),
    summary:
      "Sets a direct downline agent's rebate rates per game category, each at most the caller's own rate (decision 0090); rates of that agent's own downline above the new ones are lowered to them. Errors: not_found (not in the downline), agent_rates_direct_only, agent_downline_not_agent, agent_frozen, and per field agent_rate_above_own (params.max), field_too_large, rebate_rate_too_precise, field_invalid.",
  }),
  redEnvelope: defineEndpoint({
    name: 'agents.redEnvelope',
    method: 'POST',
    path: '/wps/agent/red-envelope',
    moduleIds: ['AGENTRANSMULTDOWN3'],
    access: access.agent,
    encrypted: true,
    request: z.strictObject({
      requestId: transferRequestId,
      memberIds: z
        .array(memberIdSchema, { message: 'field_invalid' })
        .min(1, { message: 'not_empty' })
        .max(RED_ENVELOPE_MAX_RECIPIENTS, { message: 'field_too_long' })
        .refine((ids) => new Set(ids).size === ids.length, { message: 'field_invalid' }),
      amount: transferAmount,
      split: z.enum(redEnvelopeSplits, { message: 'field_not_allowed' }),
      withdrawPassword: withdrawPasswordField,
    }),
    response: redEnvelopeResultSchema,
    summary:
      "A red envelope (agentRedRain): one amount from the agent's main wallet split exactly among the chosen downline members (equal or random parts, each at least one minor unit), in one ledger transaction; once per requestId. Errors as for a transfer to a downline, and red_envelope_too_small (amount).",
  }),
} as const;

/** An agent's rates as the back office edits them (decision 0099): its own, and the most each category may be. */
export const adminAgentRatesSchema = z.object({
  memberId: z.string(),
  account: z.string(),
  rates: agentRatesSchema,
  /** The nearest upline agent, whose rates bound this agent's; null: a top agent, bound by the rebate maximum. */
  uplineAccount: z.string().nullable(),
  /** The most each category may be: the upline agent's rate, else the rebate maximum; percentages. */
  caps: z.record(gameCategorySchema, z.string()),
  /** How many agents below had a rate lowered to the new ones (0 on a read). */
  lowered: z.number().int(),
});
export type AdminAgentRates = z.infer<typeof adminAgentRatesSchema>;

export const adminAgentMoneyEndpoints = {
  settings: defineEndpoint({
    name: 'admin.agentSettings',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-settings',
    moduleIds: [],
    access: access.operator('agents.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: agentSettingsSchema,
    summary: "The merchant's agent settings (defaults until an operator saves them).",
  }),
  saveSettings: defineEndpoint({
    name: 'admin.saveAgentSettings',
    method: 'PUT',
    path: '/api/admin/merchants/:code/agent-settings',
    moduleIds: [],
    access: access.operator('agents.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: agentSettingsInputSchema,
    response: agentSettingsSchema,
    summary:
      'Saves the agent settings: maximum tree depth, whether agents create downline agents, the transfer rules and default rates; audited.',
  }),
  rates: defineEndpoint({
    name: 'admin.agentRates',
    method: 'GET',
    path: '/api/admin/merchants/:code/agent-tree/:memberId/rates',
    moduleIds: [],
    access: access.operator('agents.read', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({}),
    response: adminAgentRatesSchema,
    summary:
      "An agent's rebate rates per game category and the most each may be (its nearest upline agent's rate, else the rebate maximum). Errors: not_found (no member of the merchant), error_not_agent.",
  }),
  setRates: defineEndpoint({
    name: 'admin.setAgentRates',
    method: 'PUT',
    path: '/api/admin/merchants/:code/agent-tree/:memberId/rates',
    moduleIds: [],
    access: access.operator('agents.manage', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      /** The agent's new rates per category (empty or absent: none); they replace its rates. */
      rates: z.partialRecord(gameCategorySchema, defaultRateField),
    }),
    response: adminAgentRatesSchema,
    summary:
      "Sets an agent's rebate rates (decision 0099): each at most its nearest upline agent's rate of the category (agent_rate_above_upline on rates.<category>, params.max) and the rebate maximum (field_too_large); its downline agents' rates above the new ones are lowered to them, as when an agent sets them (decision 0090); audited with the rates before and after. Errors: not_found (no member of the merchant), error_not_agent, and the rebate rate field codes.",
  }),
  freeze: defineEndpoint({
    name: 'admin.freezeAgent',
    method: 'POST',
    path: '/api/admin/merchants/:code/agent-tree/:memberId/freeze',
    moduleIds: [],
    access: access.operator('agents.manage', 'merchant'),
    encrypted: false,
    params: memberParams,
    request: z.strictObject({
      frozen: z.boolean({ message: 'field_invalid' }),
      reason: z
        .string({ message: 'not_empty' })
        .trim()
        .min(1, { message: 'not_empty' })
        .max(300, { message: 'field_too_long' }),
    }),
    response: adminAgentNodeSchema,
    summary:
      'Freezes an agent (it can no longer transfer or create downlines) or unfreezes it, with a reason; audited. A member who is no agent answers error_not_agent.',
  }),
} as const;
