import { type FieldPath, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorAt } from '../../../../shared/forms/field-error-at';
import { Button } from '../../../../shared/ui/button';
import table from '../../../../shared/ui/data-table.module.css';
import { FieldErrorText } from '../../../../shared/ui/field-error-text';
import { PlusIcon, TrashIcon } from '../../../../shared/ui/icons';
import type { SettingsFormValues } from '../../lib/settings-form-values';
import styles from './row-list-editor.module.css';
import { useSettingsForm } from './use-settings-form';

export type RowListName = 'customerService' | 'domainRoutes' | 'resources';

export interface RowListColumn {
  key: string;
  label: string;
  placeholder?: string;
  /** Suggestions offered while typing (a datalist); any value is still accepted. */
  suggestions?: readonly string[];
  isMono?: boolean;
  inputMode?: 'text' | 'url';
}

export interface RowListEditorProps {
  name: RowListName;
  columns: readonly RowListColumn[];
  newRow: Record<string, string>;
  max: number;
  addLabel: string;
  emptyLabel: string;
  isReadOnly: boolean;
}

/** Edits a list of small records (customer-service entries, mirror lines, resources), one table row each. */
export const RowListEditor = ({ name, columns, newRow, max, addLabel, emptyLabel, isReadOnly }: RowListEditorProps) => {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useSettingsForm();
  const { fields, append, remove } = useFieldArray({ control, name });
  const listError = fieldErrorAt(errors, name);

  return (
    <div className={styles.editor} data-list={name}>
      {fields.length === 0 ? (
        <p className={styles.empty}>{emptyLabel}</p>
      ) : (
        <div className={table.wrap}>
          <table className={`${table.table} ${styles.table}`}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {fields.map((field, index) => (
                <tr key={field.id}>
                  {columns.map((column) => {
                    const path = `${name}.${index}.${column.key}`;
                    const error = fieldErrorAt(errors, path);
                    return (
                      <td key={column.key} data-label={column.label}>
                        <div className={styles.cell}>
                          <input
                            id={path}
                            className={column.isMono ? styles.mono : undefined}
                            placeholder={column.placeholder}
                            inputMode={column.inputMode}
                            list={column.suggestions ? `${name}-${column.key}-suggestions` : undefined}
                            aria-label={`${column.label} ${index + 1}`}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${path}-error` : undefined}
                            {...register(path as FieldPath<SettingsFormValues>)}
                          />
                          <FieldErrorText error={error} id={`${path}-error`} />
                        </div>
                      </td>
                    );
                  })}
                  <td className={table.actions}>
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<TrashIcon />}
                      aria-label={t('list.removeRow', { number: index + 1 })}
                      disabled={isReadOnly}
                      onClick={() => remove(index)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {columns.map((column) =>
        column.suggestions ? (
          <datalist key={column.key} id={`${name}-${column.key}-suggestions`}>
            {column.suggestions.map((suggestion) => (
              <option key={suggestion} value={suggestion} />
            ))}
          </datalist>
        ) : null,
      )}
      <FieldErrorText error={listError} />
      {isReadOnly ? null : (
        <div>
          <Button
            icon={<PlusIcon />}
            disabled={fields.length >= max}
            onClick={() => append({ ...newRow } as never, { shouldFocus: true })}
          >
            {addLabel}
          </Button>
        </div>
      )}
    </div>
  );
};
