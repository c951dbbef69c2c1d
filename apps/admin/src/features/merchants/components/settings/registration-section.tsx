import { type RegisterFieldRule, type RegistrationFieldName, registrationFieldNames } from '@tessera/contracts';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorAt } from '../../../../shared/forms/field-error-at';
import { Button } from '../../../../shared/ui/button';
import table from '../../../../shared/ui/data-table.module.css';
import { FieldErrorText } from '../../../../shared/ui/field-error-text';
import { PlusIcon, TrashIcon } from '../../../../shared/ui/icons';
import { Panel } from '../../../../shared/ui/panel';
import styles from './registration-section.module.css';
import { useSettingsForm } from './use-settings-form';

/** Pattern ids 0..21: each selects the message the member sees (spec section 5). */
const patternIds = Array.from({ length: 22 }, (_, id) => id);

const newRule: RegisterFieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: 0,
  minLength: 1,
  maxLength: 50,
};

export interface RegistrationSectionProps {
  isReadOnly: boolean;
}

export const RegistrationSection = ({ isReadOnly }: RegistrationSectionProps) => {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useSettingsForm();
  const rules = useWatch({ control, name: 'registerRules' });
  const present = registrationFieldNames.filter((name) => rules[name] !== undefined);
  const missing = registrationFieldNames.filter((name) => rules[name] === undefined);
  const [newField, setNewField] = useState<string>('');

  const handleAdd = () => {
    const name = missing.find((candidate) => candidate === newField);
    if (!name) return;
    setValue('registerRules', { ...getValues('registerRules'), [name]: { ...newRule } }, { shouldDirty: true });
    setNewField('');
  };

  const handleRemove = (name: RegistrationFieldName) => {
    const { [name]: _removed, ...rest } = getValues('registerRules');
    setValue('registerRules', rest, { shouldDirty: true });
  };

  const cellError = (name: RegistrationFieldName, key: keyof RegisterFieldRule) => {
    const error = fieldErrorAt(errors, `registerRules.${name}.${key}`);
    return {
      error,
      aria: error ? { 'aria-invalid': true, 'aria-describedby': `registerRules.${name}.${key}-error` } : {},
    };
  };

  return (
    <Panel
      id="section-registration"
      title={t('settings.registration.title')}
      description={t('settings.registration.description')}
    >
      {present.length === 0 ? <p className={styles.empty}>{t('settings.registration.empty')}</p> : null}
      {present.length > 0 ? (
        <div className={table.wrap}>
          <table className={`${table.table} ${styles.table}`}>
            <thead>
              <tr>
                <th scope="col">{t('settings.registration.field')}</th>
                <th scope="col">{t('settings.registration.enabled')}</th>
                <th scope="col">{t('settings.registration.required')}</th>
                <th scope="col">{t('settings.registration.pattern')}</th>
                <th scope="col">{t('settings.registration.patternId')}</th>
                <th scope="col">{t('settings.registration.minLength')}</th>
                <th scope="col">{t('settings.registration.maxLength')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('common.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {present.map((name) => {
                const pattern = cellError(name, 'acceptedPattern');
                const patternId = cellError(name, 'patternId');
                const min = cellError(name, 'minLength');
                const max = cellError(name, 'maxLength');
                return (
                  <tr key={name} data-field={name}>
                    <td data-label={t('settings.registration.field')}>
                      <span className={styles.fieldName}>{t(`registerFields.${name}`)}</span>
                      <code className={styles.fieldCode}>{name}</code>
                    </td>
                    <td data-label={t('settings.registration.enabled')}>
                      <input
                        type="checkbox"
                        aria-label={t('settings.registration.enabledFor', { field: name })}
                        {...register(`registerRules.${name}.enabled`)}
                      />
                    </td>
                    <td data-label={t('settings.registration.required')}>
                      <input
                        type="checkbox"
                        aria-label={t('settings.registration.requiredFor', { field: name })}
                        {...register(`registerRules.${name}.required`)}
                      />
                    </td>
                    <td data-label={t('settings.registration.pattern')} className={styles.patternCell}>
                      <div className={styles.cell}>
                        <input
                          id={`registerRules.${name}.acceptedPattern`}
                          className={styles.mono}
                          aria-label={t('settings.registration.patternFor', { field: name })}
                          {...register(`registerRules.${name}.acceptedPattern`)}
                          {...pattern.aria}
                        />
                        <FieldErrorText error={pattern.error} id={`registerRules.${name}.acceptedPattern-error`} />
                      </div>
                    </td>
                    <td data-label={t('settings.registration.patternId')} className={styles.messageCell}>
                      <div className={styles.cell}>
                        <select
                          aria-label={t('settings.registration.patternIdFor', { field: name })}
                          {...register(`registerRules.${name}.patternId`, { setValueAs: (value) => Number(value) })}
                          {...patternId.aria}
                        >
                          {patternIds.map((id) => (
                            <option key={id} value={id}>
                              {`${id} · ${t(`patternIds.${id}`)}`}
                            </option>
                          ))}
                        </select>
                        <FieldErrorText error={patternId.error} id={`registerRules.${name}.patternId-error`} />
                      </div>
                    </td>
                    <td data-label={t('settings.registration.minLength')}>
                      <div className={styles.cell}>
                        <input
                          type="number"
                          min={0}
                          className={styles.number}
                          aria-label={t('settings.registration.minFor', { field: name })}
                          {...register(`registerRules.${name}.minLength`, { valueAsNumber: true })}
                          {...min.aria}
                        />
                        <FieldErrorText error={min.error} id={`registerRules.${name}.minLength-error`} />
                      </div>
                    </td>
                    <td data-label={t('settings.registration.maxLength')}>
                      <div className={styles.cell}>
                        <input
                          type="number"
                          min={1}
                          className={styles.number}
                          aria-label={t('settings.registration.maxFor', { field: name })}
                          {...register(`registerRules.${name}.maxLength`, { valueAsNumber: true })}
                          {...max.aria}
                        />
                        <FieldErrorText error={max.error} id={`registerRules.${name}.maxLength-error`} />
                      </div>
                    </td>
                    <td className={table.actions}>
                      <Button
                        variant="ghost"
                        size="sm"
                        icon={<TrashIcon />}
                        aria-label={t('settings.registration.remove', { field: name })}
                        disabled={isReadOnly}
                        onClick={() => handleRemove(name)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {isReadOnly || missing.length === 0 ? null : (
        <div className={styles.add}>
          <select
            value={newField}
            onChange={(event) => setNewField(event.target.value)}
            aria-label={t('settings.registration.newField')}
          >
            <option value="">{t('settings.registration.chooseField')}</option>
            {missing.map((name) => (
              <option key={name} value={name}>
                {`${t(`registerFields.${name}`)} (${name})`}
              </option>
            ))}
          </select>
          <Button icon={<PlusIcon />} onClick={handleAdd} disabled={!newField}>
            {t('settings.registration.add')}
          </Button>
        </div>
      )}
      <p className={styles.note}>{t('settings.registration.patternNote')}</p>
    </Panel>
  );
};
