import { describe, expect, it } from 'vitest';
import { scheduleStateOf } from './schedule-state';

const now = Date.parse('2026-05-01T12:00:00Z');
const item = (enabled: boolean, startsAt: string | null, endsAt: string | null) => ({ enabled, startsAt, endsAt });

describe('scheduleStateOf', () => {
  it('is live when enabled without a schedule or inside it, the start included and the end excluded', () => {
    expect(scheduleStateOf(item(true, null, null), now)).toBe('live');
    expect(scheduleStateOf(item(true, '2026-05-01T12:00:00Z', '2026-05-01T12:00:01Z'), now)).toBe('live');
    expect(scheduleStateOf(item(true, null, '2026-06-01T00:00:00Z'), now)).toBe('live');
  });

  it('is scheduled before its start and ended from its end on', () => {
    expect(scheduleStateOf(item(true, '2026-05-01T12:00:01Z', null), now)).toBe('scheduled');
    expect(scheduleStateOf(item(true, '2026-04-01T00:00:00Z', '2026-05-01T12:00:00Z'), now)).toBe('ended');
  });

  it('is off whenever it is disabled, whatever its schedule', () => {
    expect(scheduleStateOf(item(false, null, null), now)).toBe('off');
    expect(scheduleStateOf(item(false, '2026-04-01T00:00:00Z', '2026-06-01T00:00:00Z'), now)).toBe('off');
  });
});
