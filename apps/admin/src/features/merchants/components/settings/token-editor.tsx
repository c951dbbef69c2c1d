import { themedTokenNames } from '@tessera/ui';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorAt } from '../../../../shared/forms/field-error-at';
import { Button } from '../../../../shared/ui/button';
import { FieldErrorText } from '../../../../shared/ui/field-error-text';
import { PlusIcon, TrashIcon } from '../../../../shared/ui/icons';
import styles from './token-editor.module.css';

export type TokenTheme = 'light' | 'dark';

export interface TokenEditorProps {
  theme: TokenTheme;
  tokens: Record<string, string>;
  onChange: (tokens: Record<string, string>) => void;
  /** The form's errors under `themeTokens.<theme>`, keyed by token name. */
  errors: unknown;
  isDisabled: boolean;
}

/** Whether the browser can paint the value as a background (a colour or a gradient). */
const isPaintable = (value: string): boolean => value.trim() !== '' && CSS.supports('background', value);

/**
 * Overrides of the design tokens for one theme: name (without `--`) to CSS value. Names are fixed once added;
 * rename by removing and adding.
 */
export const TokenEditor = ({ theme, tokens, onChange, errors, isDisabled }: TokenEditorProps) => {
  const { t } = useTranslation();
  const [newName, setNewName] = useState('');
  const [newValue, setNewValue] = useState('');
  const names = Object.keys(tokens);
  const isDuplicate = Object.hasOwn(tokens, newName.trim());

  const handleAdd = () => {
    const name = newName.trim();
    if (!name || isDuplicate) return;
    onChange({ ...tokens, [name]: newValue.trim() });
    setNewName('');
    setNewValue('');
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  };

  return (
    <div className={styles.editor} data-theme-tokens={theme}>
      {names.length === 0 ? <p className={styles.empty}>{t('settings.theme.noOverrides')}</p> : null}
      <ul className={styles.list}>
        {names.map((name) => {
          const value = tokens[name] ?? '';
          const error = fieldErrorAt(errors, name);
          const inputId = `themeTokens.${theme}.${name}`;
          return (
            <li key={name} className={styles.item}>
              <div className={styles.row}>
                <span
                  className={styles.swatch}
                  data-empty={!isPaintable(value) || undefined}
                  style={isPaintable(value) ? { background: value } : undefined}
                  aria-hidden="true"
                />
                <label className={styles.name} htmlFor={inputId}>
                  {name}
                </label>
                <input
                  id={inputId}
                  className={styles.value}
                  value={value}
                  disabled={isDisabled}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${inputId}-error` : undefined}
                  onChange={(event) => onChange({ ...tokens, [name]: event.target.value })}
                />
                <Button
                  variant="ghost"
                  size="sm"
                  icon={<TrashIcon />}
                  aria-label={t('settings.theme.remove', { name })}
                  disabled={isDisabled}
                  onClick={() => {
                    const { [name]: _removed, ...rest } = tokens;
                    onChange(rest);
                  }}
                />
              </div>
              <FieldErrorText error={error} id={`${inputId}-error`} />
            </li>
          );
        })}
      </ul>
      {isDisabled ? null : (
        <div className={styles.add}>
          <span
            className={styles.swatch}
            data-empty={!isPaintable(newValue) || undefined}
            style={isPaintable(newValue) ? { background: newValue } : undefined}
            aria-hidden="true"
          />
          <input
            className={styles.newName}
            value={newName}
            list="theme-token-names"
            placeholder="color-primary"
            aria-label={t('settings.theme.newName')}
            onChange={(event) => setNewName(event.target.value.toLowerCase())}
            onKeyDown={handleKeyDown}
          />
          <input
            className={styles.value}
            value={newValue}
            placeholder="#1d7fd8"
            aria-label={t('settings.theme.newValue')}
            onChange={(event) => setNewValue(event.target.value)}
            onKeyDown={handleKeyDown}
          />
          <Button icon={<PlusIcon />} onClick={handleAdd} disabled={!newName.trim() || isDuplicate}>
            {t('common.add')}
          </Button>
        </div>
      )}
      {isDuplicate ? <p className={styles.warning}>{t('settings.theme.duplicate')}</p> : null}
      <datalist id="theme-token-names">
        {themedTokenNames.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
    </div>
  );
};
