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
