import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { type FieldErrorLike, FieldErrorText } from './field-error-text';
import { PlusIcon, TrashIcon } from './icons';
import styles from './string-list-editor.module.css';

export interface StringListEditorProps {
  /** Accessible name of the list and its inputs (`Blocked IP ranges`). */
  label: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  /** The list's error: one for the whole list and/or one per entry, as react-hook-form nests them. */
  error?: unknown;
  placeholder?: string;
  /** Applied to what is typed (for example upper-casing country codes). */
  normalise?: (value: string) => string;
  isDisabled?: boolean;
  inputMode?: 'text' | 'url';
  /** Test and automation handle: `data-list` on the list. */
  name: string;
}

const entryErrorOf = (error: unknown, index: number): FieldErrorLike | undefined => {
  if (!Array.isArray(error)) return undefined;
  const entry: unknown = error[index];
  return entry && typeof entry === 'object' ? (entry as FieldErrorLike) : undefined;
};

const listErrorOf = (error: unknown): FieldErrorLike | undefined =>
  error && typeof error === 'object' && 'message' in error ? (error as FieldErrorLike) : undefined;

/** Edits a list of short strings: each entry in its own input, with its own error under it. */
export const StringListEditor = ({
  label,
  values,
  onChange,
  error,
  placeholder,
  normalise = (value) => value,
  isDisabled = false,
  inputMode = 'text',
  name,
}: StringListEditorProps) => {
  const { t } = useTranslation();
  const baseId = useId();
  const [draft, setDraft] = useState('');

  const handleAdd = () => {
    const value = normalise(draft.trim());
    if (!value) return;
    onChange([...values, value]);
    setDraft('');
  };

  const handleDraftKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  };

  return (
    <div className={styles.editor} data-list={name}>
      {values.length > 0 ? (
        <ul className={styles.list} aria-label={label}>
          {values.map((value, index) => {
            const entryError = entryErrorOf(error, index);
            const inputId = `${baseId}-${index}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries are plain strings edited in place
              <li key={index} className={styles.item}>
                <div className={styles.row}>
                  <input
                    id={inputId}
                    name={`${name}.${index}`}
                    value={value}
                    inputMode={inputMode}
                    aria-label={t('list.entryLabel', { label, number: index + 1 })}
                    aria-invalid={entryError ? true : undefined}
                    aria-describedby={entryError ? `${inputId}-error` : undefined}
                    disabled={isDisabled}
                    onChange={(event) =>
                      onChange(values.map((v, i) => (i === index ? normalise(event.target.value) : v)))
                    }
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<TrashIcon />}
                    aria-label={t('list.remove', { value: value || t('list.emptyEntry') })}
                    disabled={isDisabled}
                    onClick={() => onChange(values.filter((_, i) => i !== index))}
                  />
                </div>
                <FieldErrorText error={entryError} id={`${inputId}-error`} />
              </li>
            );
          })}
        </ul>
      ) : (
        <p className={styles.empty}>{t('list.empty')}</p>
      )}
      {isDisabled ? null : (
        <div className={styles.row}>
          <input
            value={draft}
            placeholder={placeholder}
            inputMode={inputMode}
            aria-label={t('list.newEntry', { label })}
            name={`${name}.new`}
            onChange={(event) => setDraft(normalise(event.target.value))}
            onKeyDown={handleDraftKeyDown}
          />
          <Button icon={<PlusIcon />} onClick={handleAdd} disabled={!draft.trim()}>
            {t('common.add')}
          </Button>
        </div>
      )}
      <FieldErrorText error={listErrorOf(error)} />
    </div>
  );
};
