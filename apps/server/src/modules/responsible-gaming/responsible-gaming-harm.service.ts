import {
  formatMinor,
  type HarmMarker,
  type HarmMarkersReport,
  parseMoney,
  zonedDate,
  zonedWallTimeToIso,
} from '@tessera/contracts';
import { fieldError } from '../../platform/http/app-error';
import type { MerchantContext } from '../../platform/principals';
import type { MembersService } from '../members';
import type { HarmFact, HarmRepository, HarmWindow } from './responsible-gaming-harm.repository';
import { HARM_RULES, harmMarkersOf, nightShareBp } from './responsible-gaming-harm.rules';

/** Calendar arithmetic on local dates (`YYYY-MM-DD`). */
const addDays = (day: string, days: number): string => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const isCalendarDay = (day: string): boolean => addDays(day, 0) === day;

const instant = (day: string, hour: number, timeZone: string): Date => {
  const iso = zonedWallTimeToIso(`${day}T${String(hour).padStart(2, '0')}:00`, timeZone);
  if (!iso) throw new Error(`not a day: ${day}`);
  return new Date(iso);
};

/** The UTC instants bounding one local day of a merchant, its deposit windows and its night hours. */
export const harmWindowOf = (merchantCode: string, day: string, timeZone: string): HarmWindow => {
  const { depositsRising, nightPlay } = HARM_RULES;
  return {
    merchantCode,
    day,
    dayStart: instant(day, 0, timeZone),
    dayEnd: instant(addDays(day, 1), 0, timeZone),
    last7Start: instant(addDays(day, 1 - depositsRising.lastDays), 0, timeZone),
    prior28Start: instant(addDays(day, 1 - depositsRising.lastDays - depositsRising.priorDays), 0, timeZone),
    nightStart: instant(day, nightPlay.fromHour, timeZone),
    nightEnd: instant(day, nightPlay.toHour, timeZone),
  };
};

const minorOf = (major: string, currency: string): bigint => {
  const parsed = parseMoney(major, currency);
  if (!parsed.ok) throw new Error(`harm rule amount ${major} is not an amount of ${currency}`);
  return parsed.minor;
};

/**
 * Markers of harm (decision 0109): facts kept from other modules' events, a daily computation per merchant and
 * local day, and the back office's report.
 */
export const createHarmService = (deps: {
  repository: HarmRepository;
  members: Pick<MembersService, 'findByIds'>;
  merchantOf: (code: string) => Promise<MerchantContext>;
  merchantCodes: () => Promise<string[]>;
}) => {
  const { repository, members, merchantOf, merchantCodes } = deps;

  /** Computes one merchant's local day and replaces its rows; returns how many members it flagged. */
  const compute = async (merchant: MerchantContext, day: string): Promise<number> => {
    const { currency, timeZone } = merchant.settings;
    const window = harmWindowOf(merchant.code, day, timeZone);
    const minima = {
      depositsRising: minorOf(HARM_RULES.depositsRising.minimum, currency),
      nightPlay: minorOf(HARM_RULES.nightPlay.minimum, currency),
    };
    return repository.inTransaction(async (client) => {
      await repository.lockDay(client, merchant.code, day);
      const records = (await repository.figures(client, window)).flatMap((figures) => {
        const markers = harmMarkersOf(figures, minima);
        return markers.length > 0 ? [{ ...figures, markers }] : [];
      });
      await repository.replaceDay(client, merchant.code, day, records);
      return records.length;
    });
  };

  const report = async (
    merchant: MerchantContext,
    day: string,
    marker: HarmMarker | null,
  ): Promise<HarmMarkersReport> => {
    const { currency, timeZone } = merchant.settings;
    const [run, records] = await Promise.all([
      repository.run(merchant.code, day),
      repository.markersOf(merchant.code, day, marker),
    ]);
    const accounts = new Map(
      (await members.findByIds(records.map((r) => r.memberId))).map((m) => [m.id, m.account] as const),
    );
    const money = (minor: bigint) => formatMinor(minor, currency);
    return {
      day,
      currency,
      timeZone,
      computedAt: run ? run.computedAt.toISOString() : null,
      rows: records.map((r) => ({
        memberId: r.memberId,
        account: accounts.get(r.memberId) ?? r.memberId,
        markers: r.markers,
        depositsLast7: money(r.depositsLast7),
        depositsPrior28: money(r.depositsPrior28),
        limitIncreases: r.limitIncreases,
        stakes: money(r.stakes),
        nightStakes: money(r.nightStakes),
        nightSharePercent: nightShareBp(r) / 100,
        cancelledWithdrawals: r.cancelledWithdrawals,
      })),
    };
  };

  const checkDay = (merchant: MerchantContext, day: string) => {
    if (!isCalendarDay(day)) throw fieldError('day', 'field_invalid');
    if (day > zonedDate(merchant.settings.timeZone)) throw fieldError('day', 'field_invalid');
  };

  return {
    /** An event's fact, on the delivery's transaction. */
    addFact: repository.addFact,

    /** The back office's report of one local day. */
    report: async (merchant: MerchantContext, day: string, marker: HarmMarker | null) => {
      if (!isCalendarDay(day)) throw fieldError('day', 'field_invalid');
      return report(merchant, day, marker);
    },

    /** Computes one local day now (today so far, or a past day again) and answers its report. */
    computeDay: async (merchant: MerchantContext, day: string) => {
      checkDay(merchant, day);
      await compute(merchant, day);
      return report(merchant, day, null);
    },

    /**
     * The daily job: every enabled merchant's previous local day, once it has ended there and not yet been
     * computed. Each merchant in its own transaction; when one fails the others still run, and the run then
     * fails so the queue retries it (the merchants done are skipped by their run row).
     */
    computeDue: async (now: Date = new Date()) => {
      let computed = 0;
      const failures: unknown[] = [];
      for (const code of await merchantCodes()) {
        try {
          const merchant = await merchantOf(code);
          const day = addDays(zonedDate(merchant.settings.timeZone, now), -1);
          if (await repository.run(code, day)) continue;
          await compute(merchant, day);
          computed += 1;
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `harm markers: ${failures.length} merchant(s) failed`);
      return { computed };
    },

    /** For tests and the job: compute a given merchant's day. */
    compute,
  };
};

export type HarmService = ReturnType<typeof createHarmService>;
export type { HarmFact };
