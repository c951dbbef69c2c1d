/** Wall-clock date and time as `<input type="datetime-local">` holds it: `YYYY-MM-DDTHH:mm`. */
export type WallTime = string;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

export const isValidTimeZone = (timeZone: string): boolean => {
  if (!timeZone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

const wallPartsAt = (utcMs: number, timeZone: string) => {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
};

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
const offsetAt = (utcMs: number, timeZone: string): number => {
  const whole = Math.floor(utcMs / 1000) * 1000;
  const p = wallPartsAt(whole, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - whole;
};

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** The instant (UTC ISO string) at which the zone's clock shows `wall`; null if `wall` is not a wall time. */
export const zonedWallTimeToIso = (wall: WallTime, timeZone: string): string | null => {
  const match = WALL_TIME.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  let instant = asUtc - offsetAt(asUtc, timeZone);
  // Around a DST change the offset at the guess may differ from the one at the wall time: correct once.
  const corrected = offsetAt(instant, timeZone);
  if (asUtc - corrected !== instant) instant = asUtc - corrected;
  return new Date(instant).toISOString();
};

/** The zone's wall clock at an ISO instant, as `YYYY-MM-DDTHH:mm`. */
export const isoToZonedWallTime = (iso: string, timeZone: string): WallTime => {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  const p = wallPartsAt(ms, timeZone);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
};

/** The zone's UTC offset at an instant as `UTC+08:00`. */
export const formatUtcOffset = (utcMs: number, timeZone: string): string => {
  const minutes = Math.round(offsetAt(utcMs, timeZone) / 60_000);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
};

/** The calendar date at `at` in the zone, as `YYYY-MM-DD`. */
export const zonedDate = (timeZone: string, at: Date = new Date()): string =>
  isoToZonedWallTime(at.toISOString(), timeZone).slice(0, 10);

/** The instant the day containing `at` began in the zone (daily limits, "today" in reports). */
export const startOfZonedDay = (timeZone: string, at: Date = new Date()): Date =>
  new Date(zonedWallTimeToIso(`${zonedDate(timeZone, at)}T00:00`, timeZone) ?? at.toISOString());
