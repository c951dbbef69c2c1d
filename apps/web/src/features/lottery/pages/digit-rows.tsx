import type { LotteryGame } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import styles from '../lottery.module.css';
import { betTypeKeys, betTypeRuleKeys } from '../slip';

const DIGITS = Array.from({ length: 10 }, (_, d) => d);

/** One row of ten digit buttons per position of the number, the chosen digit pressed. */
export const DigitRows = ({
  digits,
  onChange,
}: {
  digits: readonly (number | null)[];
  onChange: (next: (number | null)[]) => void;
}) => {
  const { t } = useTranslation('lottery');
  return digits.map((digit, slot) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: digit slots are positional
    <fieldset key={slot} className={styles.row} aria-label={t('lt_digit_n', { n: slot + 1 })}>
      {DIGITS.map((d) => (
        <button
          key={d}
          type="button"
          className={styles.ball}
          aria-pressed={digit === d}
          onClick={() => onChange(digits.map((old, i) => (i === slot ? d : old)))}
        >
          {d}
        </button>
      ))}
    </fieldset>
  ));
};

/** A picker's bet types as chips (the chosen one pressed) and the chosen one's rule. */
export const BetTypeChips = <T extends LotteryGame['betTypes'][number]['betType']>({
  game,
  chosen,
  onChoose,
}: {
  game: LotteryGame;
  chosen: T;
  onChoose: (betType: T) => void;
}) => {
  const { t } = useTranslation('lottery');
  return (
    <>
      <fieldset className={styles.row} aria-label={t('lt_bet_type')}>
        {game.betTypes.map((b) => (
          <button
            key={b.betType}
            type="button"
            className={styles.chip}
            aria-pressed={b.betType === chosen}
            onClick={() => onChoose(b.betType as T)}
          >
            {t(betTypeKeys[b.betType])}
          </button>
        ))}
      </fieldset>
      <p className={styles.muted}>{t(betTypeRuleKeys[chosen])}</p>
    </>
  );
};
