import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { adminLoginEntrySchema, memberFlagSchema, memberNoteSchema } from './members-admin';
import { merchantCodeSchema } from './merchants';
import { isValidTimeZone } from './zoned-time';

/**
 * The operator's day (issue 26): the back office's dashboard and its reports. Every figure is read from the
 * reports module's own rollups, kept by event subscribers (decision 0079); amounts are decimal strings in major units
 * of the merchant's currency, days are calendar days in the operator's time zone.
 */

export const dashboardPeriods = ['today', '7d', '30d'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

/** What a figure is about; a role sees a group only when it holds the group's permission. */
export const figureGroups = ['cash', 'play', 'players'] as const;
export type FigureGroup = (typeof figureGroups)[number];

export const dashboardFigureKeys = [
  'deposits',
  'withdrawals',
  'netCash',
  'averageDeposit',
  'bets',
  'validBets',
  'ggr',
  'bonuses',
  'ngr',
  'registrations',
  'firstDepositors',
  'activePlayers',
] as const;
export type DashboardFigureKey = (typeof dashboardFigureKeys)[number];

export const figureGroupOf: Record<DashboardFigureKey, FigureGroup> = {
  deposits: 'cash',
  withdrawals: 'cash',
  netCash: 'cash',
  averageDeposit: 'cash',
  bets: 'play',
  validBets: 'play',
  ggr: 'play',
  bonuses: 'play',
  ngr: 'play',
  registrations: 'players',
  firstDepositors: 'players',
  activePlayers: 'players',
};
export const figureKinds: Record<DashboardFigureKey, 'money' | 'count'> = {
  deposits: 'money',
  withdrawals: 'money',
  netCash: 'money',
  averageDeposit: 'money',
  bets: 'money',
  validBets: 'money',
  ggr: 'money',
  bonuses: 'money',
  ngr: 'money',
  registrations: 'count',
  firstDepositors: 'count',
  activePlayers: 'count',
};

/** An IANA time zone the server knows ("Asia/Singapore"); the back office sends the browser's. */
export const timeZoneSchema = z.string().max(64).refine(isValidTimeZone, { message: 'field_invalid' }).default('UTC');

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field_invalid' });

export const dashboardFigureSchema = z.object({
  key: z.enum(dashboardFigureKeys),
  kind: z.enum(['money', 'count']),
  value: z.string(),
  previous: z.string(),
  /** One point per local day (per local hour for `today`), oldest first. */
  series: z.array(z.object({ at: z.string(), value: z.string() })),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

export const dashboardSchema = z.object({
  merchantCode: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  period: z.enum(dashboardPeriods),
  /** The period's first and last local day (inclusive), and the previous period's. */
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  previousTo: z.string(),
  figures: z.array(dashboardFigureSchema),
  /** The groups left out for this operator's role. */
  hidden: z.array(z.enum(figureGroups)),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const pendingQueuesSchema = z.object({
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  applications: z.number().int(),
  chats: z.number().int(),
});
export type PendingQueues = z.infer<typeof pendingQueuesSchema>;
/** The desk event carrying a merchant's pending queues (sent when a count changes). */
export const pendingQueuesEventSchema = pendingQueuesSchema.extend({ merchantCode: z.string() });

/** The reports, each with its permission (the export of a report needs the same one). */
export const reportKinds = ['games', 'cash', 'players', 'promotions', 'agents'] as const;
export type ReportKind = (typeof reportKinds)[number];

export const gameGroupings = ['day', 'category', 'provider', 'game'] as const;
export const cashGroupings = ['day', 'week', 'month'] as const;
export const playerViews = ['registrations', 'cohorts', 'topStake', 'topLoss'] as const;
export const promotionGroupings = ['kind', 'day'] as const;
/**
 * The agents report's rows: every agent (its whole team each), only the top-level agents (decision 0123), or one row
 * per local day over every listed agent's team, each member once (decision 0129).
 */
export const agentGroupings = ['agent', 'top', 'day'] as const;

export const REPORT_PAGE_SIZE_MAX = 500;
const page = {
  pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(REPORT_PAGE_SIZE_MAX).default(50),
};
/** The longest range a report reads at once, in days. */
export const REPORT_MAX_DAYS = 366;

const range = {
  from: localDate,
  to: localDate,
  timeZone: timeZoneSchema,
};
const checkRange = <T extends { from: string; to: string }>(value: T, ctx: z.RefinementCtx) => {
  const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
  if (Number.isNaN(days) || days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'field_invalid' });
  else if (days >= REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'field_too_large', params: { max: REPORT_MAX_DAYS } });
};

export const gamesReportQuerySchema = z
  .strictObject({
    ...range,
    groupBy: z.enum(gameGroupings).default('game'),
    category: z.string().max(40).optional(),
    provider: z.string().max(80).optional(),
    ...page,
  })
  .superRefine(checkRange);
export const cashReportQuerySchema = z
  .strictObject({ ...range, groupBy: z.enum(cashGroupings).default('day'), ...page })
  .superRefine(checkRange);
export const playersReportQuerySchema = z
  .strictObject({ ...range, view: z.enum(playerViews).default('registrations'), ...page })
  .superRefine(checkRange);
export const promotionsReportQuerySchema = z
  .strictObject({ ...range, groupBy: z.enum(promotionGroupings).default('kind'), ...page })
  .superRefine(checkRange);

export const agentsReportQuerySchema = z
  .strictObject({
    ...range,
    groupBy: z.enum(agentGroupings).default('agent'),
    /** One agent's row only (its account). */
    agent: z.string().trim().max(40).optional(),
    ...page,
  })
  .superRefine(checkRange);

export const reportQuerySchemas = {
  games: gamesReportQuerySchema,
  cash: cashReportQuerySchema,
  players: playersReportQuerySchema,
  promotions: promotionsReportQuerySchema,
  agents: agentsReportQuerySchema,
} as const;
export type ReportQuery<K extends ReportKind> = z.output<(typeof reportQuerySchemas)[K]>;

/**
 * A report's answer: named columns, rows of cells (text, decimal strings, integers as strings), the totals over
 * every row of the range (not only the page), and paging.
 */
export const reportTableSchema = z.object({
  report: z.enum(reportKinds),
  currency: z.string(),
  columns: z.array(z.object({ key: z.string(), kind: z.enum(['text', 'money', 'count', 'percent']) })),
  rows: z.array(z.array(z.string())),
  totals: z.array(z.string()),
  pageNo: z.number().int(),
  totalPages: z.number().int(),
  total: z.number().int(),
});
export type ReportTable = z.infer<typeof reportTableSchema>;

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportStatuses = ['queued', 'running', 'ready', 'failed'] as const;

export const reportExportSchema = z.object({
  id: z.string(),
  report: z.enum(reportKinds),
  format: z.enum(exportFormats),
  status: z.enum(exportStatuses),
  rowCount: z.number().int().nullable(),
  fileName: z.string(),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportExport = z.infer<typeof reportExportSchema>;

/** Permission per report (access.ts). */
export const reportPermissions = {
  games: 'reports.play',
  cash: 'reports.cash',
  players: 'reports.play',
  promotions: 'reports.cash',
  agents: 'reports.cash',
} as const satisfies Record<ReportKind, string>;

/**
 * Rebuilding a merchant's report rollups from the raw rows (decision 0129, the backfill of decision 0123) as a job
 * started from the back office: UTC days `from`..`to` (inclusive), not after today (UTC), at most
 * REBUILD_MAX_DAYS long. Field codes: `range_reversed` (to before from), `date_in_future`, `field_too_large`.
 */
export const REBUILD_MAX_DAYS = 92;
/** A real calendar day (`2026-02-30` is not one). */
const isDay = (day: string) => {
  const parsed = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed) && new Date(parsed).toISOString().slice(0, 10) === day;
};
const rebuildDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'field_invalid' })
  .refine(isDay, { message: 'field_invalid' });
export const reportRebuildRequestSchema = z
  .strictObject({ from: rebuildDay, to: rebuildDay })
  .superRefine((value, ctx) => {
    if (!isDay(value.from) || !isDay(value.to)) return;
    const today = new Date().toISOString().slice(0, 10);
    if (value.from > today) ctx.addIssue({ code: 'custom', path: ['from'], message: 'date_in_future' });
    if (value.to > today) ctx.addIssue({ code: 'custom', path: ['to'], message: 'date_in_future' });
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000 + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_reversed' });
    else if (days > REBUILD_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'field_too_large', params: { max: REBUILD_MAX_DAYS } });
  });
export type ReportRebuildRequest = z.infer<typeof reportRebuildRequestSchema>;

export const reportRebuildStatuses = ['queued', 'running', 'done', 'failed'] as const;
export type ReportRebuildStatus = (typeof reportRebuildStatuses)[number];
/** What a finished rebuild wrote over its range: rounds, deposits, withdrawals, claimed bonuses, registrations. */
export const reportRebuildCountsSchema = z.object({
  rounds: z.number().int(),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  rewards: z.number().int(),
  registrations: z.number().int(),
});
export type ReportRebuildCounts = z.infer<typeof reportRebuildCountsSchema>;
export const reportRebuildSchema = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(reportRebuildStatuses),
  daysTotal: z.number().int(),
  daysDone: z.number().int(),
  /** Set when done. */
  counts: reportRebuildCountsSchema.nullable(),
  requestedBy: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReportRebuild = z.infer<typeof reportRebuildSchema>;

/**
 * A member's 360 view (decision 0094): who it is, its balances, deposits, withdrawals, bets by game, bonuses, logins
 * and devices, notes and flags. Cash totals and order amounts need `reports.cash` (owner, finance), the per-game
 * play totals `reports.play` (owner, finance, risk); the sections left out are named in `hidden` and are null.
 */
export const memberOverviewGroups = ['cash', 'play'] as const;
export const memberOverviewSchema = z.object({
  member: z.object({
    id: z.string(),
    merchantCode: z.string(),
    account: z.string(),
    nickname: z.string(),
    type: z.number().int(),
    locked: z.boolean(),
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
    /** The member's region (decision 0140): ISO 3166 alpha-2; null: unknown. */
    country: z.string().nullable(),
    /** direct, referral or affiliate (null: registered before the reports' rollups began). */
    source: z.string().nullable(),
    uplineAccount: z.string().nullable(),
    referrerAccount: z.string().nullable(),
  }),
  currency: z.string(),
  balances: z.array(z.object({ wallet: z.string(), balance: z.string(), held: z.string() })),
  cash: z
    .object({
      deposits: z.string(),
      depositCount: z.number().int(),
      withdrawals: z.string(),
      withdrawalCount: z.number().int(),
      netCash: z.string(),
      firstDepositAt: z.string().nullable(),
      firstDeposit: z.string().nullable(),
    })
    .nullable(),
  play: z
    .object({
      rounds: z.number().int(),
      stakes: z.string(),
      validBets: z.string(),
      payouts: z.string(),
      ggr: z.string(),
      lastPlayedAt: z.string().nullable(),
      byGame: z.array(
        z.object({
          category: z.string(),
          source: z.string(),
          provider: z.string(),
          rounds: z.number().int(),
          stakes: z.string(),
          validBets: z.string(),
          payouts: z.string(),
          ggr: z.string(),
          lastAt: z.string(),
        }),
      ),
    })
    .nullable(),
  /** The latest orders; `amount` null where cash is hidden. */
  deposits: z.array(
    z.object({
      id: z.string(),
      createdAt: z.string(),
      channel: z.string(),
      status: z.string(),
      amount: z.string().nullable(),
    }),
  ),
  withdrawals: z.array(
    z.object({ id: z.string(), createdAt: z.string(), status: z.string(), amount: z.string().nullable() }),
  ),
  bonuses: z.array(z.object({ kind: z.string(), amount: z.string(), status: z.string(), createdAt: z.string() })),
  logins: z.array(adminLoginEntrySchema),
  /** Devices seen in the login history: one row per device id (or user agent when the browser sent none). */
  devices: z.array(
    z.object({
      deviceId: z.string().nullable(),
      userAgent: z.string().nullable(),
      ips: z.array(z.string()),
      logins: z.number().int(),
      lastAt: z.string(),
    }),
  ),
  notes: z.array(memberNoteSchema),
  flags: z.array(memberFlagSchema),
  hidden: z.array(z.enum(memberOverviewGroups)),
});
export type MemberOverview = z.infer<typeof memberOverviewSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const reportEndpoint = <K extends ReportKind>(kind: K, summary: string) =>
  defineEndpoint({
    name: `admin.report.${kind}`,
    method: 'GET',
    path: `/api/admin/merchants/:code/reports/${kind}`,
    moduleIds: [],
    access: access.operator(reportPermissions[kind], 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: reportQuerySchemas[kind],
    response: reportTableSchema,
    summary,
  });

export const adminReportsEndpoints = {
  memberOverview: defineEndpoint({
    name: 'admin.memberOverview',
    method: 'GET',
    path: '/api/admin/members/:id/overview',
    moduleIds: [],
    access: access.operator('member.read', 'own'),
    encrypted: false,
    params: z.strictObject({ id: z.uuid() }),
    request: z.strictObject({}),
    response: memberOverviewSchema,
    summary:
      "A member's 360 view: balances, deposits, withdrawals, bets by game, bonuses, logins and devices, notes and flags; cash totals and order amounts for owner and finance, play totals for owner, finance and risk (the rest named in hidden).",
  }),
  dashboard: defineEndpoint({
    name: 'admin.dashboard',
    method: 'GET',
    path: '/api/admin/merchants/:code/dashboard',
    moduleIds: [],
    access: access.operator('reports.dashboard', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({ period: z.enum(dashboardPeriods).default('today'), timeZone: timeZoneSchema }),
    response: dashboardSchema,
    summary:
      "The merchant's figures for today, 7 or 30 local days against the period before, with a point per day (per hour today); cash figures for owner and finance, play for owner, finance and risk, players for every reader.",
  }),
  pending: defineEndpoint({
    name: 'admin.pendingQueues',
    method: 'GET',
    path: '/api/admin/merchants/:code/pending-queues',
    moduleIds: [],
    access: access.operator('reports.dashboard', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: pendingQueuesSchema,
    summary:
      'Deposits awaiting review, withdrawals pending, agent applications pending and chats waiting; the desk event reports.pending follows changes.',
  }),
  games: reportEndpoint(
    'games',
    'Game performance by day, category, provider or game: rounds, players, stakes, valid bets, wins, GGR, observed RTP (owner, finance, risk).',
  ),
  cash: reportEndpoint(
    'cash',
    'Deposits and withdrawals by day, week or month: counts, amounts, net cash, first depositors (owner, finance).',
  ),
  players: reportEndpoint(
    'players',
    'Registrations by source, first-time depositors, retention by cohort week, top players by stake and by net loss (owner, finance, risk).',
  ),
  promotions: reportEndpoint(
    'promotions',
    'Bonus cost by kind (VIP, rebate, referral, rewards) or by day: claims and amounts (owner, finance).',
  ),
  agents: reportEndpoint(
    'agents',
    "Agents and affiliates per agent or per top-level agent: team members, new members, active players, first depositors, deposits, withdrawals, valid bets, GGR, bonuses, NGR, what each contract kind paid, registrations by the agent's link and their deposits (owner, finance).",
  ),
  createExport: defineEndpoint({
    name: 'admin.report.export',
    method: 'POST',
    path: '/api/admin/merchants/:code/report-exports',
    moduleIds: [],
    access: access.operator('reports.dashboard', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({
      report: z.enum(reportKinds),
      format: z.enum(exportFormats),
      query: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
    response: reportExportSchema,
    summary:
      'Queues an export of a report (every row of the range, CSV or XLSX), built by a job; needs the report’s own permission (forbidden otherwise); audited.',
  }),
  exports: defineEndpoint({
    name: 'admin.report.exports',
    method: 'GET',
    path: '/api/admin/merchants/:code/report-exports',
    moduleIds: [],
    access: access.operator('reports.dashboard', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(reportExportSchema) }),
    summary: "The operator's own exports of the merchant, newest first (the last 20).",
  }),
  downloadExport: defineEndpoint({
    name: 'admin.report.download',
    method: 'GET',
    path: '/api/admin/merchants/:code/report-exports/:id/file',
    moduleIds: [],
    access: access.operator('reports.dashboard', 'merchant'),
    encrypted: false,
    params: z.strictObject({ code: merchantCodeSchema, id: z.uuid() }),
    request: z.strictObject({}),
    response: z.object({ fileName: z.string(), contentType: z.string(), data: z.string() }),
    summary:
      "A ready export's file (base64); another operator's or merchant's answers not_found, one not ready report_export_not_ready; audited.",
  }),
  createRebuild: defineEndpoint({
    name: 'admin.report.rebuild',
    method: 'POST',
    path: '/api/admin/merchants/:code/report-rebuilds',
    moduleIds: [],
    access: access.operator('reports.cash', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: reportRebuildRequestSchema,
    response: reportRebuildSchema,
    summary:
      "Queues a rebuild of the merchant's report rollups from the raw rows for UTC days from..to (at most 92, none in the future), run by a job (decision 0129); report_rebuild_running while another is queued or running; per field range_reversed, date_in_future, field_too_large; audited.",
  }),
  rebuilds: defineEndpoint({
    name: 'admin.report.rebuilds',
    method: 'GET',
    path: '/api/admin/merchants/:code/report-rebuilds',
    moduleIds: [],
    access: access.operator('reports.cash', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(reportRebuildSchema) }),
    summary: "The merchant's rollup rebuilds, newest first (the last 10), with their state and counts.",
  }),
} as const;
