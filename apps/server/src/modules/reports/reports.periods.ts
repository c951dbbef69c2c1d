import { type DashboardPeriod, zonedWallTimeToIso } from '@tessera/contracts';

/** Calendar arithmetic on local dates (`YYYY-MM-DD`), independent of any zone. */
export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** The local date in `timeZone` at `now`. */
export const localDate = (now: Date, timeZone: string): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** The instant a local day starts in `timeZone` (ISO). */
export const dayStart = (date: string, timeZone: string): string => {
  const iso = zonedWallTimeToIso(`${date}T00:00`, timeZone);
  if (!iso) throw new Error(`not a date: ${date}`);
  return iso;
};

const PERIOD_DAYS: Record<DashboardPeriod, number> = { today: 1, '7d': 7, '30d': 30 };

/** A dashboard period ending today (local) and the one just before it, as inclusive local dates. */
export const periodOf = (period: DashboardPeriod, today: string) => {
  const days = PERIOD_DAYS[period];
  const from = addDays(today, 1 - days);
  return { from, to: today, previousFrom: addDays(from, -days), previousTo: addDays(from, -1), days };
};

/** Every bucket key of a range: local days, or the 24 local hours of one day (`YYYY-MM-DDTHH`). */
export const bucketsOf = (from: string, to: string, hourly: boolean): string[] => {
  const out: string[] = [];
  if (hourly) {
    for (let h = 0; h < 24; h++) out.push(`${from}T${String(h).padStart(2, '0')}`);
    return out;
  }
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
};

/** The change from `previous` to `value` in percent, one decimal; null when there was nothing before. */
export const changePercent = (value: bigint, previous: bigint): number | null =>
  previous === 0n ? null : Number(((value - previous) * 1000n) / (previous < 0n ? -previous : previous)) / 10;
