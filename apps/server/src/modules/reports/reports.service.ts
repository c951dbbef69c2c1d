import { PassThrough } from 'node:stream';
import {
  type Dashboard,
  type DashboardFigureKey,
  type DashboardPeriod,
  dashboardFigureKeys,
  type FigureGroup,
  figureGroupOf,
  figureKinds,
  formatMinor,
  type OperatorRole,
  type PendingQueues,
  type ReportExport,
  type ReportKind,
  type ReportQuery,
  type ReportRebuild,
  type ReportTable,
  reportPermissions,
  reportQuerySchemas,
  roleMay,
} from '@tessera/contracts';
import type pg from 'pg';
import { AppError } from '../../platform/http/app-error';
import type { ModuleServices } from '../../platform/modules';
import type { MerchantContext, OperatorPrincipal } from '../../platform/principals';
import type { RealtimeHub } from '../../platform/realtime';
import { backfillRollups, keepActiveDays } from './reports.backfill';
import { createMemberOverview, type MemberOverviewDeps } from './reports.member-overview';
import { addDays, bucketsOf, dayStart, localDate, periodOf } from './reports.periods';
import type { ExportRow, RebuildRow, ReportsRepository } from './reports.repository';
import { cellOf, type ReportSpec, specOf } from './reports.specs';

export interface ReportsDeps extends Omit<MemberOverviewDeps, 'members' | 'cashier' | 'withdrawals'> {
  repository: ReportsRepository;
  admin: Pick<ModuleServices['admin'], 'audit'>;
  members: Pick<ModuleServices['members'], 'findById' | 'findByIds'> & MemberOverviewDeps['members'];
  cashier: Pick<ModuleServices['cashier'], 'listQueue'> & MemberOverviewDeps['cashier'];
  withdrawals: Pick<ModuleServices['withdrawals'], 'queue'> & MemberOverviewDeps['withdrawals'];
  agents: Pick<ModuleServices['agents'], 'listApplications'>;
  contact: Pick<ModuleServices['contact'], 'chat'>;
  realtime: RealtimeHub;
}

type AuditActor = Parameters<ModuleServices['admin']['audit']>[0];

const GROUP_PERMISSION: Record<FigureGroup, 'reports.cash' | 'reports.play' | 'reports.dashboard'> = {
  cash: 'reports.cash',
  play: 'reports.play',
  players: 'reports.dashboard',
};

/** Rows an export reads from the database at a time. */
const EXPORT_FETCH = 1_000;

export const createReportsService = (deps: ReportsDeps) => {
  const { repository } = deps;

  /** The (merchant, zone) pairs whose players are kept per local day (never dropped once kept, decision 0157). */
  const keptZones = new Set<string>();
  const zoneKey = (merchantCode: string, timeZone: string) => `${merchantCode}\u0000${timeZone}`;
  const activeDaysKept = async (merchantCode: string, timeZone: string) => {
    const key = zoneKey(merchantCode, timeZone);
    if (keptZones.has(key)) return true;
    const kept = await keepActiveDays(repository.pool, merchantCode, timeZone);
    if (kept) keptZones.add(key);
    return kept;
  };

  const dashboard = async (
    merchant: MerchantContext,
    role: OperatorRole,
    period: DashboardPeriod,
    requestedZone: string,
    now = new Date(),
  ): Promise<Dashboard> => {
    // One spelling per zone (`asia/shanghai` is `Asia/Shanghai`): a kept zone is keyed by it (decision 0157).
    const timeZone = new Intl.DateTimeFormat('en', { timeZone: requestedZone }).resolvedOptions().timeZone;
    const currency = merchant.settings.currency;
    const today = localDate(now, timeZone);
    const p = periodOf(period, today);
    const hourly = period === 'today';
    const params = [
      merchant.code,
      currency,
      timeZone,
      dayStart(p.previousFrom, timeZone),
      dayStart(addDays(p.to, 1), timeZone),
    ];
    const bucket = (column: string) =>
      `to_char(${column} AT TIME ZONE $3, ${hourly ? `'YYYY-MM-DD"T"HH24'` : `'YYYY-MM-DD'`})`;
    const [money, members, active] = await Promise.all([
      repository.query<Record<string, string>>(
        `SELECT ${bucket('hour')} AS b, sum(deposit_count) AS "depositCount", sum(deposits) AS deposits,
                sum(withdrawals) AS withdrawals, sum(stakes) AS bets, sum(valid_bets) AS "validBets",
                sum(payouts) AS payouts, sum(rewards) AS bonuses, sum(first_depositors) AS "firstDepositors"
           FROM reports_hourly WHERE merchant_code = $1 AND currency = $2 AND hour >= $4 AND hour < $5 GROUP BY 1`,
        params,
      ),
      // Registrations and first depositors from their hourly counters (decision 0147), not a row per member.
      repository.query<{ b: string; registrations: string }>(
        `SELECT ${bucket('hour')} AS b, sum(registrations) AS registrations FROM reports_registration_hourly
          WHERE merchant_code = $1 AND hour >= $4 AND hour < $5 GROUP BY 1`,
        params,
      ),
      // Distinct players (decision 0143), one pass over both periods: per bucket and chunk the bitmaps OR-ed (a day
      // of a kept zone is one row, decision 0157; else its hours), the current period's buckets counted (the
      // series); per period and chunk the buckets OR-ed, counted.
      (async () => {
        // A zone's days first kept by this process may have been computed just now: that read goes to the primary,
        // which holds them already, not to a replica that may not have replayed them yet (decision 0168).
        const settled = keptZones.has(zoneKey(merchant.code, timeZone));
        const perDay = !hourly && (await activeDaysKept(merchant.code, timeZone));
        return repository.query<{ b: string | null; cur: boolean | null; n: string }>(
          `WITH per AS (${
            perDay
              ? `SELECT to_char(day, 'YYYY-MM-DD') AS b, day >= $7::date AS cur, chunk, members AS m
                   FROM reports_active_days WHERE merchant_code = $1 AND time_zone = $3 AND day >= $8::date
                    AND day <= $9::date`
              : `SELECT ${bucket('hour')} AS b, hour >= $6 AS cur, chunk, bit_or(members) AS m FROM reports_active_hours
                  WHERE merchant_code = $1 AND hour >= $4 AND hour < $5 GROUP BY 1, 2, 3`
          })
           SELECT b, NULL::boolean AS cur, sum(bit_count(m)) AS n FROM per WHERE cur GROUP BY b
           UNION ALL
           SELECT NULL, cur, sum(bit_count(m)) FROM (SELECT cur, bit_or(m) AS m FROM per GROUP BY cur, chunk) x
            GROUP BY cur`,
          [...params, dayStart(p.from, timeZone), p.from, p.previousFrom, p.to],
          perDay && !settled ? repository.pool : undefined,
        );
      })(),
    ]);

    // Per bucket: every figure's raw value (minor units or counts) as bigint.
    const perBucket = new Map<string, Record<string, bigint>>();
    const at = (b: string) => {
      let row = perBucket.get(b);
      if (!row) {
        row = {};
        perBucket.set(b, row);
      }
      return row;
    };
    const add = (b: string, key: string, value: string | null | undefined) => {
      const row = at(b);
      row[key] = (row[key] ?? 0n) + BigInt(value ?? '0');
    };
    for (const { b, ...sums } of money.rows)
      for (const [key, value] of Object.entries(sums)) add(String(b), key, value);
    for (const row of members.rows) add(row.b, 'registrations', row.registrations);
    for (const row of active.rows) if (row.b !== null) add(row.b, 'activePlayers', row.n);

    const figureOf = (raw: Record<string, bigint>, key: DashboardFigureKey): bigint => {
      const v = (k: string) => raw[k] ?? 0n;
      switch (key) {
        case 'netCash':
          return v('deposits') - v('withdrawals');
        case 'averageDeposit':
          return v('depositCount') === 0n ? 0n : v('deposits') / v('depositCount');
        case 'ggr':
          return v('bets') - v('payouts');
        case 'ngr':
          return v('bets') - v('payouts') - v('bonuses');
        default:
          return v(key);
      }
    };
    const sumOver = (keys: readonly string[]) => {
      const out: Record<string, bigint> = {};
      for (const b of keys)
        for (const [key, value] of Object.entries(perBucket.get(b) ?? {})) out[key] = (out[key] ?? 0n) + value;
      return out;
    };
    const currentKeys = bucketsOf(p.from, p.to, hourly);
    const previousKeys = bucketsOf(p.previousFrom, p.previousTo, hourly);
    const current = sumOver(currentKeys);
    const previous = sumOver(previousKeys);
    const distinct = (cur: boolean) => BigInt(active.rows.find((row) => row.b === null && row.cur === cur)?.n ?? '0');
    current.activePlayers = distinct(true);
    previous.activePlayers = distinct(false);

    const text = (key: DashboardFigureKey, value: bigint) =>
      figureKinds[key] === 'money' ? formatMinor(value, currency) : value.toString();
    const hidden = (['cash', 'play', 'players'] as const).filter((g) => !roleMay(role, GROUP_PERMISSION[g]));
    return {
      merchantCode: merchant.code,
      currency,
      timeZone,
      period,
      ...p,
      figures: dashboardFigureKeys
        .filter((key) => !hidden.includes(figureGroupOf[key]))
        .map((key) => ({
          key,
          kind: figureKinds[key],
          value: text(key, figureOf(current, key)),
          previous: text(key, figureOf(previous, key)),
          series: currentKeys.map((b) => ({ at: b, value: text(key, figureOf(perBucket.get(b) ?? {}, key)) })),
        })),
      hidden: [...hidden],
    };
  };

  const pending = async (merchant: MerchantContext): Promise<PendingQueues> => {
    const [deposits, withdrawals, applications, chats] = await Promise.all([
      deps.cashier.listQueue(merchant.code, ['awaiting_review'], 1, 1),
      deps.withdrawals.queue(merchant.code, 'pending', 1, 1),
      deps.agents.listApplications(merchant, { status: 'pending', pageNo: 1, pageSize: 1 }),
      deps.contact.chat.list(merchant.code, 'waiting'),
    ]);
    return {
      deposits: Number(deposits.total),
      withdrawals: Number(withdrawals.total),
      applications: Number(applications.total),
      chats: chats.length,
    };
  };

  /** The last counts sent per merchant, so the desk hears only changes. */
  const lastSent = new Map<string, string>();

  const specFor = <K extends ReportKind>(merchant: MerchantContext, kind: K, query: ReportQuery<K>): ReportSpec =>
    specOf(kind, query, {
      merchantCode: merchant.code,
      currency: merchant.settings.currency,
      timeZone: query.timeZone,
      fromIso: dayStart(query.from, query.timeZone),
      toIso: dayStart(addDays(query.to, 1), query.timeZone),
    });

  /**
   * Each member's account name, one read for the whole batch: a read per member (an export's 5,000 at once) would
   * queue every API request behind them on the pool.
   */
  const memberNames = async (ids: readonly string[]) => {
    const names = new Map<string, string>();
    for (const member of await deps.members.findByIds([...new Set(ids)])) names.set(member.id, member.account);
    return names;
  };

  /** Rows of `(sql)` as wire cells; member ids named. */
  const cellsOf = async (spec: ReportSpec, rows: Record<string, unknown>[], currency: string) => {
    const names =
      spec.memberColumn === undefined
        ? null
        : await memberNames(rows.map((row) => String(row[`c${spec.memberColumn}`])));
    return rows.map((row) =>
      spec.columns.map((column, i) => {
        const value = row[`c${i}`];
        if (names && i === spec.memberColumn) return names.get(String(value)) ?? String(value);
        return cellOf(column.kind, value, currency);
      }),
    );
  };

  const report = async <K extends ReportKind>(
    merchant: MerchantContext,
    kind: K,
    query: ReportQuery<K>,
  ): Promise<ReportTable> => {
    const spec = specFor(merchant, kind, query);
    const currency = merchant.settings.currency;
    const offset = (query.pageNo - 1) * query.pageSize;
    const [page, totals] = await Promise.all([
      repository.query<Record<string, unknown>>(
        `SELECT * FROM (${spec.sql}) r ORDER BY ${spec.orderBy} LIMIT ${query.pageSize} OFFSET ${offset}`,
        spec.params,
      ),
      repository.query<Record<string, unknown>>(
        `SELECT count(*) AS total, ${spec.totals} FROM (${spec.sql}) r`,
        spec.params,
      ),
    ]);
    const totalRow = totals.rows[0] ?? {};
    const total = Number(totalRow.total ?? 0);
    return {
      report: kind,
      currency,
      columns: spec.columns,
      rows: await cellsOf(spec, page.rows, currency),
      totals: spec.columns.map((column, i) => cellOf(column.kind, totalRow[`c${i}`], currency)),
      pageNo: query.pageNo,
      totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
      total,
    };
  };

  const presentExport = (row: ExportRow): ReportExport => ({
    id: row.id,
    report: row.report as ReportKind,
    format: row.format as ReportExport['format'],
    status: row.status,
    rowCount: row.rowCount,
    fileName: fileNameOf(row),
    requestedBy: row.operatorUsername,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  });

  /** Builds one export: a server-side cursor over the report's rows, written as CSV or streamed into XLSX. */
  const buildExport = async (row: ExportRow, merchantOf: (code: string) => Promise<MerchantContext>) => {
    const merchant = await merchantOf(row.merchantCode);
    const kind = row.report as ReportKind;
    const query = reportQuerySchemas[kind].parse(row.query) as ReportQuery<typeof kind>;
    const spec = specFor(merchant, kind, query);
    const currency = merchant.settings.currency;
    const header = spec.columns.map((column) => column.key);
    // The cursor reads the replica when there is one (decision 0168): an export's scan and sort leave the primary.
    const client = await repository.reads.connect();
    let rowCount = 0;
    const chunks: string[] = [];
    const out: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (b: Buffer) => out.push(b));
    // Loaded on the first spreadsheet export, not at start: reading the library costs every instance 0.4 s of CPU.
    const excel = row.format === 'xlsx' ? (await import('exceljs')).default : null;
    const workbook = excel
      ? new excel.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: false, useSharedStrings: false })
      : null;
    const sheet = workbook?.addWorksheet(kind);
    const numeric = spec.columns.map((column) => column.kind !== 'text');
    const write = (cells: string[]) => {
      if (sheet) sheet.addRow(cells.map((c, i) => (numeric[i] && c !== '' ? Number(c) : c))).commit();
      else chunks.push(`${cells.map(csvCell).join(',')}\r\n`);
    };
    try {
      write(header);
      await client.query('BEGIN READ ONLY');
      // Background work planned for reading every row (decision 0147). A cursor is planned by default for its first
      // tenth (an index scan in the group's order, random reads over the whole range that evict the API's cached
      // pages); here it is one sequential scan (a ring buffer) aggregated in memory, on one core (no parallel
      // workers), without a JIT compile.
      await client.query(
        `SET LOCAL cursor_tuple_fraction = 1; SET LOCAL max_parallel_workers_per_gather = 0; SET LOCAL jit = off;
         SET LOCAL work_mem = '64MB'`,
      );
      await repository.query(
        `DECLARE report_export NO SCROLL CURSOR FOR SELECT * FROM (${spec.sql}) r ORDER BY ${spec.orderBy}`,
        spec.params,
        client,
      );
      for (;;) {
        const { rows } = await client.query<Record<string, unknown>>(`FETCH ${EXPORT_FETCH} FROM report_export`);
        if (rows.length === 0) break;
        for (const cells of await cellsOf(spec, rows, currency)) write(cells);
        rowCount += rows.length;
        // Let the event loop serve requests between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    if (workbook) {
      await workbook.commit();
      return { file: Buffer.concat(out), rowCount };
    }
    return { file: Buffer.from(`\uFEFF${chunks.join('')}`, 'utf8'), rowCount };
  };

  return {
    /** Event subscribers' effects (decision 0079). */
    facts: {
      bet: repository.addBet,
      deposit: repository.addDeposit,
      withdrawal: repository.addWithdrawal,
      reward: repository.addReward,
      registration: repository.addRegistration,
    },
    dashboard,
    pending,
    report,
    memberOverview: createMemberOverview(deps),

    /**
     * Sends a merchant's pending counts to its desk when they changed since this process last sent them (a job
     * every few seconds; the dashboard also reads them on load and on reconnect).
     */
    publishPending: async (merchants: readonly MerchantContext[]) => {
      for (const merchant of merchants) {
        const counts = await pending(merchant);
        const key = JSON.stringify(counts);
        if (lastSent.get(merchant.code) === key) continue;
        lastSent.set(merchant.code, key);
        deps.realtime.publishToDesk(merchant.code, 'reports.dashboard', 'reports.pending', {
          merchantCode: merchant.code,
          ...counts,
        });
      }
    },

    requestExport: async (
      merchant: MerchantContext,
      operator: OperatorPrincipal,
      input: { report: ReportKind; format: 'csv' | 'xlsx'; query: Record<string, unknown> },
      actor: AuditActor,
    ) => {
      if (!roleMay(operator.role, reportPermissions[input.report])) throw new AppError('forbidden');
      const parsed = reportQuerySchemas[input.report].safeParse({ ...input.query, pageNo: 1, pageSize: 1 });
      if (!parsed.success) throw new AppError('validation_failed');
      const { pageNo: _p, pageSize: _s, ...query } = parsed.data;
      const row = await repository.insertExport({
        merchantCode: merchant.code,
        operatorId: operator.operatorId,
        operatorUsername: operator.username,
        report: input.report,
        format: input.format,
        query,
      });
      await deps.admin.audit(actor, {
        action: 'report.export',
        merchantCode: merchant.code,
        target: row.id,
        details: { report: input.report, format: input.format, query },
      });
      return presentExport(row);
    },

    listExports: async (merchant: MerchantContext, operator: OperatorPrincipal) =>
      (await repository.listExports(merchant.code, operator.operatorId)).map(presentExport),

    download: async (merchant: MerchantContext, operator: OperatorPrincipal, id: string, actor: AuditActor) => {
      const row = await repository.findExport(merchant.code, operator.operatorId, id);
      if (!row) throw new AppError('not_found');
      if (row.status !== 'ready' || !row.file) throw new AppError('report_export_not_ready');
      await deps.admin.audit(actor, { action: 'report.download', merchantCode: merchant.code, target: row.id });
      return {
        fileName: fileNameOf(row),
        contentType:
          row.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv',
        data: row.file.toString('base64'),
      };
    },

    /**
     * Queues a rebuild of the merchant's rollups for UTC days `from`..`to` (decision 0129): one row the job runs;
     * refused with `report_rebuild_running` while another of the merchant's is queued or running. Audited.
     */
    requestRebuild: async (
      merchant: MerchantContext,
      operator: OperatorPrincipal,
      input: { from: string; to: string },
      actor: AuditActor,
    ): Promise<ReportRebuild> => {
      const row = await repository.insertRebuild({
        merchantCode: merchant.code,
        operatorId: operator.operatorId,
        operatorUsername: operator.username,
        from: input.from,
        to: input.to,
        daysTotal: daysBetween(input.from, input.to),
      });
      if (!row) throw new AppError('report_rebuild_running');
      await deps.admin.audit(actor, {
        action: 'report.rebuild',
        merchantCode: merchant.code,
        target: row.id,
        details: { from: input.from, to: input.to },
      });
      return presentRebuild(row);
    },

    listRebuilds: async (merchant: MerchantContext) =>
      (await repository.listRebuilds(merchant.code)).map(presentRebuild),

    /** The rebuild job's claim, on the job's transaction (once per period). */
    claimRebuild: (client: pg.PoolClient) => repository.claimRebuild(client),

    /**
     * Runs a claimed rebuild outside the claim's transaction (a day per transaction, decision 0123), its progress
     * written after each day; done with what the rebuilt range holds, or failed.
     */
    runRebuild: async (row: RebuildRow) => {
      try {
        await backfillRollups(
          repository.pool,
          row.merchantCode,
          row.from,
          row.to,
          (_day, done) => repository.rebuildProgress(row.id, done),
          // The members' lifetime rows after the days: all days done, the beat kept going per batch.
          () => repository.rebuildProgress(row.id, row.daysTotal),
        );
        const counts = await repository.rebuiltCounts(
          row.merchantCode,
          `${row.from}T00:00:00Z`,
          `${addDays(row.to, 1)}T00:00:00Z`,
        );
        await repository.finishRebuild(row.id, { counts });
      } catch (error) {
        await repository.finishRebuild(row.id, { error: error instanceof Error ? error.message : String(error) });
      }
    },

    /**
     * The export job's claim, on the job's transaction (once per period): requeues exports of a process that died,
     * prunes week-old files, and takes the oldest queued export.
     */
    claimExport: async (client: pg.PoolClient) => {
      await repository.tidyExports(client);
      return repository.claimExport(client);
    },

    /** Builds a claimed export outside any transaction that writes, so it holds back no event delivery. */
    buildExport: async (row: ExportRow, merchantOf: (code: string) => Promise<MerchantContext>) => {
      try {
        await repository.finishExport(row.id, await buildExport(row, merchantOf));
      } catch (error) {
        await repository.finishExport(row.id, { error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
};

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

const presentRebuild = (row: RebuildRow): ReportRebuild => ({
  id: row.id,
  from: row.from,
  to: row.to,
  status: row.status,
  daysTotal: row.daysTotal,
  daysDone: row.daysDone,
  counts: row.status === 'done' ? row.counts : null,
  requestedBy: row.operatorUsername,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

const fileNameOf = (row: Pick<ExportRow, 'report' | 'format' | 'query' | 'merchantCode'>) =>
  `${row.merchantCode}-${row.report}-${String(row.query.from)}-${String(row.query.to)}.${row.format}`;

/** A CSV cell (RFC 4180); a leading formula character is neutralised so a spreadsheet never runs it. */
export const csvCell = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-?\d/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export type ReportsService = ReturnType<typeof createReportsService>;
