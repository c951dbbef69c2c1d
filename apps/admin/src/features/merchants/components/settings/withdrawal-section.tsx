import { payoutMethodKinds } from '@tessera/contracts';
import { useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorAt } from '../../../../shared/forms/field-error-at';
import { Alert } from '../../../../shared/ui/alert';
import table from '../../../../shared/ui/data-table.module.css';
import { Field } from '../../../../shared/ui/field';
import { FieldErrorText } from '../../../../shared/ui/field-error-text';
import { Panel } from '../../../../shared/ui/panel';
import { insertionIndexOf, startingLimitsOf } from '../../lib/withdrawal-methods';
import sections from './sections.module.css';
import { useSettingsForm } from './use-settings-form';
import styles from './withdrawal-section.module.css';

export interface WithdrawalSectionProps {
  isReadOnly: boolean;
}

/**
 * The merchant's withdrawal rules (`withdrawal`): which payout methods members may withdraw to, with the
 * smallest and largest amount of one order each, how many withdrawals a member may open a day, and after how
 * many minutes an unconfirmed payout counts as received.
 */
export const WithdrawalSection = ({ isReadOnly }: WithdrawalSectionProps) => {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useSettingsForm();
  const { fields, insert, remove } = useFieldArray({ control, name: 'withdrawal.methods' });
  const currency = useWatch({ control, name: 'currency' });
  const timeZone = useWatch({ control, name: 'timeZone' });
  const described = (path: string) =>
    fieldErrorAt(errors, path) ? { 'aria-invalid': true, 'aria-describedby': `${path}-error` } : {};

  return (
    <Panel
      id="section-withdrawal"
      title={t('settings.withdrawal.title')}
      description={t('settings.withdrawal.description')}
    >
      <div className={sections.grid}>
        <Field
          label={t('settings.withdrawal.dailyCount')}
          htmlFor="withdrawal.dailyCount"
          error={fieldErrorAt(errors, 'withdrawal.dailyCount')}
          hint={t('settings.withdrawal.dailyCountHint', { timeZone })}
          isRequired
        >
          <input
            id="withdrawal.dailyCount"
            type="number"
            min={1}
            max={1000}
            step={1}
            inputMode="numeric"
            className={styles.number}
            {...register('withdrawal.dailyCount', { valueAsNumber: true })}
            {...described('withdrawal.dailyCount')}
          />
        </Field>
        <Field
          label={t('settings.withdrawal.autoConfirmMinutes')}
          htmlFor="withdrawal.autoConfirmMinutes"
          error={fieldErrorAt(errors, 'withdrawal.autoConfirmMinutes')}
          hint={t('settings.withdrawal.autoConfirmMinutesHint')}
          isRequired
        >
          <input
            id="withdrawal.autoConfirmMinutes"
            type="number"
            min={1}
            max={43_200}
            step={1}
            inputMode="numeric"
            className={styles.number}
            {...register('withdrawal.autoConfirmMinutes', { valueAsNumber: true })}
            {...described('withdrawal.autoConfirmMinutes')}
          />
        </Field>
      </div>

      <div>
        <h3 className={sections.subheading}>{t('settings.withdrawal.methods')}</h3>
        <p className={sections.subtext}>{t('settings.withdrawal.methodsHint', { currency })}</p>
        <div className={table.wrap}>
          <table className={`${table.table} ${styles.table}`} data-testid="withdrawal-methods">
            <thead>
              <tr>
                <th scope="col">{t('settings.withdrawal.method')}</th>
                <th scope="col">{t('settings.withdrawal.minAmount', { currency })}</th>
                <th scope="col">{t('settings.withdrawal.maxAmount', { currency })}</th>
              </tr>
            </thead>
            <tbody>
              {payoutMethodKinds.map((kind) => {
                const index = fields.findIndex((field) => field.kind === kind);
                const isOffered = index !== -1;
                const kindName = t(`cashier.payoutKinds.${kind}`);
                return (
                  <tr key={kind} data-kind={kind} data-offered={isOffered || undefined}>
                    <td data-label={t('settings.withdrawal.method')}>
                      <label className={styles.offer}>
                        <input
                          type="checkbox"
                          checked={isOffered}
                          disabled={isReadOnly}
                          onChange={(event) =>
                            event.target.checked
                              ? insert(insertionIndexOf(fields, kind), startingLimitsOf(kind), { shouldFocus: false })
                              : remove(index)
                          }
                        />
                        <span>{kindName}</span>
                      </label>
                    </td>
                    {(['minAmount', 'maxAmount'] as const).map((limit) => {
                      const path = `withdrawal.methods.${index}.${limit}` as const;
                      const label = t(`settings.withdrawal.${limit}For`, { method: kindName });
                      return (
                        <td key={limit} data-label={t(`settings.withdrawal.${limit}`, { currency })}>
                          {isOffered ? (
                            <div className={styles.cell}>
                              <input
                                key={fields[index]?.id}
                                id={path}
                                inputMode="decimal"
                                autoComplete="off"
                                className={styles.amount}
                                aria-label={label}
                                {...register(path)}
                                {...described(path)}
                              />
                              <FieldErrorText error={fieldErrorAt(errors, path)} id={`${path}-error`} />
                            </div>
                          ) : (
                            <span className={styles.off}>{t('settings.withdrawal.notOffered')}</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <FieldErrorText error={fieldErrorAt(errors, 'withdrawal.methods')} />
        {fields.length === 0 ? (
          <Alert tone="warning" title={t('settings.withdrawal.noneOfferedTitle')}>
            {t('settings.withdrawal.noneOfferedText')}
          </Alert>
        ) : null}
      </div>
    </Panel>
  );
};
