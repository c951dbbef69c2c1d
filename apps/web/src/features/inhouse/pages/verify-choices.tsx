import { KENO_MAX_PICKS, KENO_NUMBERS, MINES_TILES, PLINKO_ROWS } from '@tessera/engines';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from '../inhouse.module.css';
import { riskKeys } from '../labels';
import { type ChoiceErrors, type ChoiceField, type Choices, parseNumberList, type SeededGame } from '../verify-form';

const RISKS = ['low', 'medium', 'high'] as const;

/** Toggles n in a typed list, keeping the typed order (new numbers go last). */
const toggleIn = (list: string, n: number, limit: number): string => {
  const current = parseNumberList(list) ?? [];
  if (current.includes(n)) return current.filter((m) => m !== n).join(', ');
  if (current.length >= limit) return current.join(', ');
  return [...current, n].join(', ');
};

/**
 * The verifier's per-game choices: what the player chose when betting, in the game page's own terms. Every field
 * shows its own error (from betFromChoices) under it.
 */
export const ChoicesForm = ({
  game,
  choices,
  errors,
  onChange,
}: {
  game: SeededGame;
  choices: Choices;
  errors: ChoiceErrors;
  onChange: (next: Choices) => void;
}) => {
  const { t } = useTranslation('inhouse');
  const set = (field: ChoiceField, value: string) => onChange({ ...choices, [field]: value });
  const errorOf = (field: ChoiceField): ReactNode => {
    const error = errors[field];
    return error ? (
      <span className={styles.error} id={`verify-${field}-error`} data-testid={`verify-${field}-error`}>
        {t(error.key, error.values)}
      </span>
    ) : null;
  };
  const invalid = (field: ChoiceField) =>
    errors[field] ? { 'aria-invalid': true, 'aria-describedby': `verify-${field}-error` } : {};
  const textField = (field: ChoiceField, label: string, inputMode: 'decimal' | 'numeric' | 'text' = 'decimal') => (
    <label className={styles.label}>
      {label}
      <input
        className={styles.input}
        inputMode={inputMode}
        dir="ltr"
        value={choices[field] ?? ''}
        data-testid={`verify-${field}`}
        onChange={(event) => set(field, event.target.value)}
        {...invalid(field)}
      />
      {errorOf(field)}
    </label>
  );
  const riskField = (
    <label className={styles.label}>
      {t('ih_risk')}
      <select
        className={styles.select}
        value={choices.risk ?? ''}
        data-testid="verify-risk"
        onChange={(event) => set('risk', event.target.value)}
        {...invalid('risk')}
      >
        {(RISKS as readonly string[]).includes(choices.risk ?? '') ? null : <option value={choices.risk ?? ''} />}
        {RISKS.map((risk) => (
          <option key={risk} value={risk}>
            {t(riskKeys[risk])}
          </option>
        ))}
      </select>
      {errorOf('risk')}
    </label>
  );

  switch (game) {
    case 'dice':
      return (
        <>
          {textField('target', t('ih_target'))}
          <div role="radiogroup" aria-label={t('ih_target')} className={styles.controlsRow}>
            {(['under', 'over'] as const).map((direction) => (
              <label key={direction} className={styles.inlineLabel}>
                <input
                  type="radio"
                  name="verify-direction"
                  value={direction}
                  checked={choices.direction === direction}
                  data-testid={`verify-direction-${direction}`}
                  onChange={() => set('direction', direction)}
                />
                {t(direction === 'under' ? 'ih_roll_under' : 'ih_roll_over')}
              </label>
            ))}
            {errorOf('direction')}
          </div>
        </>
      );
    case 'limbo':
      return textField('target', t('ih_target_multiplier'));
    case 'plinko':
      return (
        <div className={styles.controlsRow}>
          <label className={styles.label}>
            {t('ih_rows')}
            <select
              className={styles.select}
              value={choices.rows ?? ''}
              data-testid="verify-rows"
              onChange={(event) => set('rows', event.target.value)}
              {...invalid('rows')}
            >
              {PLINKO_ROWS.map(String).includes(choices.rows ?? '') ? null : <option value={choices.rows ?? ''} />}
              {PLINKO_ROWS.map((rows) => (
                <option key={rows} value={String(rows)}>
                  {rows}
                </option>
              ))}
            </select>
            {errorOf('rows')}
          </label>
          {riskField}
        </div>
      );
    case 'keno': {
      const picked = parseNumberList(choices.picks ?? '') ?? [];
      return (
        <>
          {textField('picks', t('ih_verify_keno_numbers'), 'text')}
          <div className={styles.kenoGrid} dir="ltr" data-testid="verify-keno-grid">
            {Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1).map((n) => (
              <button
                key={n}
                type="button"
                aria-pressed={picked.includes(n)}
                className={[styles.kenoCell, picked.includes(n) ? styles.kenoPicked : ''].filter(Boolean).join(' ')}
                onClick={() => set('picks', toggleIn(choices.picks ?? '', n, KENO_MAX_PICKS))}
              >
                {n}
              </button>
            ))}
          </div>
          <div className={styles.controlsRow}>
            <span>{t('ih_picked', { count: new Set(picked).size })}</span>
            <button type="button" className={styles.chip} onClick={() => set('picks', '')}>
              {t('ih_clear')}
            </button>
            {riskField}
          </div>
        </>
      );
    }
    case 'mines': {
      const order = parseNumberList(choices.tiles ?? '') ?? [];
      return (
        <>
          {textField('mines', t('ih_mines_count'), 'numeric')}
          {textField('tiles', t('ih_verify_mines_order'), 'text')}
          <div className={styles.verifyTiles} dir="ltr" data-testid="verify-mines-grid">
            {Array.from({ length: MINES_TILES }, (_, i) => i + 1).map((n) => {
              const at = order.indexOf(n);
              return (
                <button
                  key={n}
                  type="button"
                  aria-pressed={at >= 0}
                  aria-label={t('ih_tile', { n })}
                  className={[styles.kenoCell, at >= 0 ? styles.kenoPicked : ''].filter(Boolean).join(' ')}
                  onClick={() => set('tiles', toggleIn(choices.tiles ?? '', n, MINES_TILES))}
                >
                  {n}
                  {at >= 0 ? <sup className={styles.verifyOrder}>{at + 1}</sup> : null}
                </button>
              );
            })}
          </div>
        </>
      );
    }
    case 'slot':
      return null;
  }
};
