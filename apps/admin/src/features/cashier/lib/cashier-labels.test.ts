import { describe, expect, it } from 'vitest';
import { daysBefore, statusTone } from './cashier-labels';

describe('cashier labels', () => {
  it('colours statuses and counts days back across months', () => {
    expect(statusTone('disputed')).toBe('warning');
    expect(statusTone('rejected')).toBe('danger');
    expect(statusTone('pending')).toBe('neutral');
    expect(daysBefore('2026-03-02', 6)).toBe('2026-02-24');
  });
});
