/**
 * Draw times (decisions 0084, 0061): a game drawn every `interval` seconds (a whole number of minutes dividing a
 * day) draws at each multiple of it since the epoch (UTC). The draw ending at T opens at T − interval and closes
 * `close` seconds before T. Its number is the UTC date and the minute of the day it draws at, 1-based: 20261129 0481
 * for the draw at 08:01 on 29 November 2026 (the 481st of a one-minute game). Numbering by the minute rather than
 * by the index keeps numbers unique when the operator changes the interval.
 */
export interface DrawSlot {
  drawNo: string;
  opensAt: Date;
  closesAt: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export const slotEndingAt = (drawAtMs: number, intervalSeconds: number, closeSeconds: number): DrawSlot => {
  const intervalMs = intervalSeconds * 1000;
  const dayStart = Math.floor((drawAtMs - 1) / DAY_MS) * DAY_MS;
  const index = Math.ceil((drawAtMs - dayStart) / MINUTE_MS);
  const date = new Date(dayStart).toISOString().slice(0, 10).replaceAll('-', '');
  return {
    drawNo: `${date}${String(index).padStart(4, '0')}`,
    opensAt: new Date(drawAtMs - intervalMs),
    closesAt: new Date(drawAtMs - closeSeconds * 1000),
    drawAt: new Date(drawAtMs),
  };
};

/** The slot running at `now` (opened at or before it) and the one after it, whose commitment is published early. */
export const slotsAround = (nowMs: number, intervalSeconds: number, closeSeconds: number): DrawSlot[] => {
  const intervalMs = intervalSeconds * 1000;
  const currentEnd = (Math.floor(nowMs / intervalMs) + 1) * intervalMs;
  return [currentEnd, currentEnd + intervalMs].map((end) => slotEndingAt(end, intervalSeconds, closeSeconds));
};

/** The time zone's offset from UTC at a moment, in minutes (Asia/Ho_Chi_Minh: 420). */
const offsetMinutes = (atMs: number, timeZone: string): number => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(atMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return Math.round((local - Math.floor(atMs / 1000) * 1000) / MINUTE_MS);
};

/** The moment the clock of `timeZone` reads `minuteOfDay` on a local date (given as that date's UTC midnight). */
const zonedMoment = (localDateMs: number, minuteOfDay: number, timeZone: string): number => {
  const wall = localDateMs + minuteOfDay * MINUTE_MS;
  const first = wall - offsetMinutes(wall, timeZone) * MINUTE_MS;
  return wall - offsetMinutes(first, timeZone) * MINUTE_MS;
};

/**
 * A daily draw (the Vietnamese regions, decision 0134) at `minuteOfDay` on the clock of the merchant's time zone:
 * the draw running at `now` (the first drawing after it, open since the previous day's draw) and the next one. Its
 * number is the UTC date and minute like every other draw's.
 */
export const dailySlotsAround = (
  nowMs: number,
  minuteOfDay: number,
  timeZone: string,
  closeSeconds: number,
): DrawSlot[] => {
  const today = Math.floor((nowMs + offsetMinutes(nowMs, timeZone) * MINUTE_MS) / DAY_MS) * DAY_MS;
  const times = [-1, 0, 1, 2].map((day) => zonedMoment(today + day * DAY_MS, minuteOfDay, timeZone));
  const current = times.findIndex((time) => time > nowMs);
  return [current, current + 1].map((i) => ({
    ...slotEndingAt(times[i] as number, 86_400, closeSeconds),
    opensAt: new Date(times[i - 1] as number),
  }));
};
