import { BET_RECORD_MAX_DAYS } from '@tessera/contracts';

/** The calendar day of a moment in a time zone, as yyyy-MM-dd. */
export const dayInZone = (at: Date, timeZone: string): string => {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
  } catch {
    return at.toISOString().slice(0, 10);
  }
};

const DAY_MS = 86_400_000;

/** A yyyy-MM-dd day moved by a number of days (calendar arithmetic in UTC, free of daylight-saving steps). */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export type RangePreset = 'today' | 'yesterday' | 'last7' | 'last30';
export const rangePresets: readonly RangePreset[] = ['today', 'yesterday', 'last7', 'last30'];

export interface DayRange {
  startDate: string;
  endDate: string;
}

/** The past-7 and past-30 day ranges of spec section 9, plus today and yesterday, ending on the merchant's today. */
export const rangeOfPreset = (preset: RangePreset, today: string): DayRange => {
  switch (preset) {
    case 'today':
      return { startDate: today, endDate: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { startDate: day, endDate: day };
    }
    case 'last7':
      return { startDate: addDays(today, -6), endDate: today };
    case 'last30':
      return { startDate: addDays(today, -29), endDate: today };
  }
};

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether the server will answer a range: both days well-formed, the start on or before the end, at most 92 days.
 * Returns the catalogue code the server would answer with otherwise, so the form says it before asking.
 */
export const rangeErrorOf = ({ startDate, endDate }: DayRange): 'date_range_invalid' | null => {
  if (!dayPattern.test(startDate) || !dayPattern.test(endDate)) return 'date_range_invalid';
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end) || start > end) return 'date_range_invalid';
  return (end - start) / DAY_MS + 1 > BET_RECORD_MAX_DAYS ? 'date_range_invalid' : null;
};
