import { lotteryBetTypes } from '@tessera/contracts';
import { checkFiveDigitSelection, checkVnSelection } from '@tessera/engines';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyPick,
  lineOf,
  oddsOfSelection,
  quickPick,
  selectionOf,
  toggleVnNumber,
  totalCents,
  vnPickOf,
  vnQuickPick,
  vnText,
} from './slip';

describe('the lottery slip', () => {
  it('a quick pick is always a complete, valid selection of its bet type', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...lotteryBetTypes),
        fc.infiniteStream(fc.double({ min: 0, max: 0.999_999, noNaN: true })),
        (betType, stream) => {
          const values = stream[Symbol.iterator]();
          const selection = selectionOf(quickPick(betType, (n) => Math.floor((values.next().value ?? 0) * n)));
          expect(selection).not.toBeNull();
          expect(selection && checkFiveDigitSelection(selection)).toBeNull();
        },
      ),
    );
  });

  it('an empty pick is not a selection until it is complete', () => {
    for (const betType of lotteryBetTypes) expect(selectionOf(emptyPick(betType))).toBeNull();
    expect(selectionOf({ ...emptyPick('front2'), digits: [3, null] })).toBeNull();
    expect(selectionOf({ ...emptyPick('front2'), digits: [3, 4] })).toEqual({ betType: 'front2', numbers: [3, 4] });
  });

  it('builds the buy line with only the fields of the bet type', () => {
    expect(lineOf({ betType: 'position_big_small', position: 2, side: 'big' }, '5.00')).toEqual({
      betType: 'position_big_small',
      position: 2,
      side: 'big',
      stake: '5.00',
    });
    expect(lineOf({ betType: 'sum', numbers: [23] }, '1')).toEqual({ betType: 'sum', numbers: [23], stake: '1' });
  });

  it('reads the odds of a sum by its value and of other bet types from their single entry', () => {
    const sums = Array.from({ length: 46 }, (_, v) => `${v}.00`);
    expect(oddsOfSelection(sums, { betType: 'sum', numbers: [7] })).toBe('7.00');
    expect(oddsOfSelection(['9.75'], { betType: 'position', position: 0, numbers: [1] })).toBe('9.75');
  });

  it('totals stakes exactly in cents and refuses a malformed one', () => {
    expect(totalCents(['0.10', '0.20', '1'])).toBe(130n);
    expect(totalCents(['1.5', '2.05'])).toBe(355n);
    expect(totalCents(['1.234'])).toBeNull();
    expect(totalCents(['abc'])).toBeNull();
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n })), (amounts) => {
        const texts = amounts.map((a) => `${a / 100n}.${String(a % 100n).padStart(2, '0')}`);
        expect(totalCents(texts)).toBe(amounts.reduce((s, a) => s + a, 0n));
      }),
    );
  });

  it('a Vietnamese pick: one number replaced, xiên up to its count of different numbers, quick picks valid', () => {
    expect(toggleVnNumber([], 7, 1)).toEqual([7]);
    expect(toggleVnNumber([7], 42, 1)).toEqual([42]);
    expect(toggleVnNumber([7], 7, 1)).toEqual([]);
    expect(toggleVnNumber([42], 7, 2)).toEqual([7, 42]);
    expect(toggleVnNumber([7, 42], 9, 2)).toEqual([7, 42]);
    expect(vnText('xien2', [7, 42])).toBe('07-42');
    expect(vnText('three_cang', [7])).toBe('007');
    fc.assert(
      fc.property(
        fc.constantFrom('lo', 'de', 'xien2', 'xien3', 'xien4') as fc.Arbitrary<
          'lo' | 'de' | 'xien2' | 'xien3' | 'xien4'
        >,
        fc.infiniteStream(fc.double({ min: 0, max: 0.999_999, noNaN: true })),
        (betType, stream) => {
          const values = stream[Symbol.iterator]();
          const numbers = vnQuickPick(vnPickOf(betType).count, 100, (n) => Math.floor((values.next().value ?? 0) * n));
          expect(checkVnSelection({ betType, numbers })).toBeNull();
        },
      ),
    );
  });
});
