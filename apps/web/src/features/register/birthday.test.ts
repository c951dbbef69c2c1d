import { describe, expect, it } from 'vitest';
import { ageOn, birthdayForPattern } from './birthday';

describe('birthday', () => {
  it('counts whole years up to the day before the birthday', () => {
    const today = new Date(Date.UTC(2026, 4, 17));
    expect(ageOn('2005-05-17', today)).toBe(21);
    expect(ageOn('2005-05-18', today)).toBe(20);
    expect(ageOn('2005-02-30', today)).toBeNull();
    expect(ageOn('17-05-2005', today)).toBeNull();
  });

  it('sends the date in the format of the merchant rule', () => {
    expect(birthdayForPattern('1990-05-17', 11)).toBe('1990-05-17');
    expect(birthdayForPattern('1990-05-17', 13)).toBe('05-17-1990');
  });
});
