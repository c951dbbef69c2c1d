import {
  isVnKind,
  type LotteryGame,
  type LotteryGameKind,
  type LotteryLine,
  type VnBetTypeName,
} from '@tessera/contracts';
import { type VnRegion, verifyVietnameseDraw, vnResultOf } from '@tessera/engines';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../lottery.module.css';
import { betTypeKeys, toggleVnNumber, vnPickOf, vnQuickPick, vnText, vnTierKeys } from '../slip';
import { BetTypeChips, DigitRows } from './digit-rows';

/** The Vietnamese pages' parts (decision 0134): the draw by prize tier, the number picker, the verifier. */

export const regionOfKind = (kind: LotteryGameKind): VnRegion =>
  kind === 'vn_north' ? 'north' : kind === 'vn_central' ? 'central' : 'south';

/** A Vietnamese draw's numbers with their leading zeros, tiers in order. */
export const vnDigitsOf = (kind: LotteryGameKind, numbers: readonly number[]): string[] =>
  (vnResultOf(regionOfKind(kind), numbers) ?? []).flatMap((tier) => tier.numbers);

/** A Vietnamese draw's numbers by prize tier (special prize first), leading zeros restored. */
export const VnNumbers = ({ numbers, kind }: { numbers: readonly number[]; kind: LotteryGameKind }) => {
  const { t } = useTranslation('lottery');
  const result = isVnKind(kind) ? vnResultOf(regionOfKind(kind), numbers) : null;
  if (!result) return null;
  return (
    <span className={styles.fourD} data-vn-numbers={result.flatMap((tier) => tier.numbers).join(' ')}>
      {result.map((tier) => (
        <span key={tier.tier} className={styles.fourDTier}>
          <span className={styles.muted}>{t(vnTierKeys[tier.tier])}</span>
          <span className={styles.fourDList}>
            {tier.numbers.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: numbers of a tier may repeat
              <span key={i} className={styles.fourDNumber}>
                {n}
              </span>
            ))}
          </span>
        </span>
      ))}
    </span>
  );
};

/** A Vietnamese draw recomputed from its revealed seed in the browser, for the page's verifier. */
export const verifyVnDraw = (kind: LotteryGameKind) => (input: Parameters<typeof verifyVietnameseDraw>[1]) =>
  verifyVietnameseDraw(regionOfKind(kind), input);

const TWO_DIGITS = Array.from({ length: 100 }, (_, n) => n);

/**
 * The Vietnamese picker: the bet type, then its numbers: one of 00-99 (lô, đề), 2-4 different ones (xiên), or three
 * digits (3 càng); quick pick; what it pays per the game's odds.
 */
export const VnPicker = ({ game, onAdd }: { game: LotteryGame; onAdd: (label: string, line: LotteryLine) => void }) => {
  const { t } = useTranslation('lottery');
  const [betType, setBetType] = useState<VnBetTypeName>('lo');
  const [picked, setPicked] = useState<number[]>([]);
  const [digits, setDigits] = useState<(number | null)[]>([null, null, null]);
  const { count, digits: width } = vnPickOf(betType);
  const numbers =
    width === 3 ? (digits.every((d) => d !== null) ? [Number(digits.join(''))] : []) : picked.slice(0, count);
  const complete = numbers.length === count;
  const info = game.betTypes.find((b) => b.betType === betType);
  const choose = (next: VnBetTypeName) => {
    setBetType(next);
    setPicked([]);
    setDigits([null, null, null]);
  };
  return (
    <div className={styles.panel} data-picker="vn">
      <BetTypeChips game={game} chosen={betType} onChoose={choose} />
      <div className={styles.between}>
        <span>{t('lt_vn_pick', { n: count })}</span>
        <strong className={styles.fourDNumber} data-vn-pick>
          {complete ? vnText(betType, numbers) : '–'}
        </strong>
      </div>
      {width === 3 ? (
        <DigitRows digits={digits} onChange={setDigits} />
      ) : (
        <fieldset className={styles.numberGrid} aria-label={t('lt_vn_pick', { n: count })}>
          {TWO_DIGITS.map((n) => (
            <button
              key={n}
              type="button"
              className={styles.chip}
              aria-pressed={picked.includes(n)}
              onClick={() => setPicked(toggleVnNumber(picked, n, count))}
            >
              {String(n).padStart(2, '0')}
            </button>
          ))}
        </fieldset>
      )}
      <div className={styles.between}>
        <span className={styles.muted}>
          {complete && info ? t('lt_odds', { odds: info.odds[0] }) : t('lt_pick_hint')}
        </span>
        <span className={styles.row}>
          <button
            type="button"
            className={styles.chip}
            onClick={() => {
              const random = (n: number) => Math.floor(Math.random() * n);
              if (width === 3) setDigits(digits.map(() => random(10)));
              else setPicked(vnQuickPick(count, 100, random));
            }}
          >
            {t('lt_quick_pick')}
          </button>
          <button
            type="button"
            className={styles.chip}
            disabled={!complete}
            onClick={() => {
              if (!complete) return;
              onAdd(`${t(betTypeKeys[betType])} · ${vnText(betType, numbers)}`, { betType, numbers, stake: '' });
              setPicked([]);
              setDigits([null, null, null]);
            }}
          >
            {t('lt_add_to_slip')}
          </button>
        </span>
      </div>
    </div>
  );
};
