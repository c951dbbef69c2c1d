import { describe, expect, it } from 'vitest';
import { type CardForm, checkCard, groupCardNumber } from './cards';

const NOW = new Date('2026-11-22T05:41:00.000Z');
const form = (overrides: Partial<CardForm> = {}): CardForm => ({
  number: '4242 4242 4242 4242',
  expiry: '12/30',
  cvc: '123',
  name: 'Ada Lovelace',
  ...overrides,
});

describe('test cards', () => {
  it('succeeds with 4242…, declines 4000…0002, with or without spaces', () => {
    expect(checkCard(form(), NOW)).toEqual({ ok: true, outcome: 'succeeded', last4: '4242' });
    expect(checkCard(form({ number: '4000000000000002' }), NOW)).toEqual({
      ok: true,
      outcome: 'failed',
      last4: '0002',
    });
    expect(checkCard(form({ number: '4000-0000-0000-0002' }), NOW)).toMatchObject({ ok: true, outcome: 'failed' });
  });

  it('refuses any other number as invalid', () => {
    for (const number of ['4111 1111 1111 1111', '4242', 'abcd', '']) {
      const check = checkCard(form({ number }), NOW);
      expect(check.ok).toBe(false);
      if (!check.ok) expect(Object.keys(check.errors)).toEqual(['number']);
    }
  });

  it('accepts any expiry from the current month on, as MM/YY', () => {
    expect(checkCard(form({ expiry: '11/26' }), NOW).ok).toBe(true);
    expect(checkCard(form({ expiry: '1 / 27' }), NOW).ok).toBe(true);
    expect(checkCard(form({ expiry: '0130' }), NOW).ok).toBe(true);
    for (const [expiry, message] of [
      ['10/26', 'This card has expired.'],
      ['13/30', 'Enter the expiry as MM/YY.'],
      ['12/2030', 'Enter the expiry as MM/YY.'],
      ['', 'Enter the expiry date.'],
    ] as const) {
      const check = checkCard(form({ expiry }), NOW);
      expect(check.ok ? null : check.errors.expiry).toBe(message);
    }
  });

  it('wants a 3-digit CVC and a name', () => {
    for (const cvc of ['12', '1234', 'abc', '']) expect(checkCard(form({ cvc }), NOW).ok).toBe(false);
    for (const name of ['', '   ', 'x'.repeat(101)]) expect(checkCard(form({ name }), NOW).ok).toBe(false);
  });

  it('groups digits by four', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('424242')).toBe('4242 42');
  });
});
