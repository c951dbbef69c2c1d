import {
  type AdminRebateSettings,
  gameCategories,
  type UpdateRebateSettings,
  updateRebateSettingsSchemaFor,
} from '@tessera/contracts';
import { useCallback, useMemo, useState } from 'react';
import { type UseFormRegister, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { type FieldErrorLike, FieldErrorText } from '../../../shared/ui/field-error-text';
import { Toast } from '../../../shared/ui/toast';
import { useUpdateRebateSettings } from '../api/update-rebate-settings';
import styles from './rebate.module.css';

type RebateValues = UpdateRebateSettings;

const valuesOf = (data: AdminRebateSettings): RebateValues => ({
  rates: { ...data.rates },
  minimum: data.minimum,
  maximum: data.maximum ?? '',
});

/** A rate or an amount as typed: read-only for who may not change it, its error named by `${id}-error`. */
const DecimalInput = ({
  id,
  error,
  canManage,
  registration,
}: {
  id: string;
  error: FieldErrorLike | undefined;
  canManage: boolean;
  registration: UseFormRegisterReturn;
}) => (
  <input
    id={id}
    className={styles.input}
    inputMode="decimal"
    autoComplete="off"
    readOnly={!canManage}
    aria-invalid={error ? true : undefined}
    aria-describedby={error ? `${id}-error` : undefined}
    {...registration}
  />
);

/** The minimum or the maximum per collection, in the merchant's currency. */
const AmountField = ({
  name,
  label,
  hint,
  error,
  isRequired,
  canManage,
  register,
}: {
  name: 'minimum' | 'maximum';
  label: string;
  hint: string;
  error: FieldErrorLike | undefined;
  isRequired?: boolean;
  canManage: boolean;
  register: UseFormRegister<RebateValues>;
}) => {
  const id = `rebate-${name}`;
  return (
    <Field label={label} htmlFor={id} hint={hint} error={error} isRequired={isRequired}>
      <DecimalInput id={id} error={error} canManage={canManage} registration={register(name)} />
    </Field>
  );
};

export interface RebateSettingsFormProps {
  code: string;
  data: AdminRebateSettings;
  canManage: boolean;
}

/**
 * A merchant's manual rebate: each game category's rate, the minimum and the optional maximum per collection,
 * each field checked as the server checks it (the update's own contract schema in the merchant's currency).
 */
export const RebateSettingsForm = ({ code, data, canManage }: RebateSettingsFormProps) => {
  const { t } = useTranslation();
  const update = useUpdateRebateSettings(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const resolver = useMemo(
    () => contractResolver<RebateValues, UpdateRebateSettings>(updateRebateSettingsSchemaFor(data.currency)),
    [data.currency],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<RebateValues, unknown, UpdateRebateSettings>({ resolver, defaultValues: valuesOf(data) });
  const categoryName = (category: string) => t(`rebate.categories.${category}`);

  const onSubmit = async (values: UpdateRebateSettings) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesOf(saved));
      setToast({ id: Date.now(), text: t('rebate.saved') });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };
  const hasFieldErrors = isApiError(update.error) && update.error.fieldErrors.length > 0;

  return (
    <form className={styles.stack} noValidate onSubmit={handleSubmit(onSubmit)} data-testid="rebate-settings">
      <p className={styles.intro}>{t('rebate.intro', { currency: data.currency })}</p>
      <p className={styles.status}>
        {data.isDefault ? (
          <Badge>{t('rebate.default')}</Badge>
        ) : data.updatedAt ? (
          t('rebate.updatedAt', {
            at: new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
              Date.parse(data.updatedAt),
            ),
          })
        ) : null}
      </p>
      {update.isError && !hasFieldErrors ? (
        <Alert tone="danger">{t(`errors.${errorCodeOf(update.error)}`)}</Alert>
      ) : null}
      <fieldset className={styles.rates} disabled={!canManage}>
        <legend className={styles.legend}>{t('rebate.rate')}</legend>
        <p className={styles.hint}>{t('rebate.rateHint')}</p>
        <div className={styles.rateGrid}>
          {gameCategories.map((category) => {
            const id = `rebate-rate-${category}`;
            const error = fieldErrorAt(errors, `rates.${category}`);
            return (
              <div key={category} className={styles.rate} data-rate={category}>
                <label htmlFor={id} className={styles.rateLabel}>
                  {categoryName(category)}
                </label>
                <div className={styles.rateInput}>
                  <DecimalInput
                    id={id}
                    error={error}
                    canManage={canManage}
                    registration={register(`rates.${category}`)}
                  />
                  <span className={styles.unit} aria-hidden="true">
                    %
                  </span>
                </div>
                <FieldErrorText error={error} id={`${id}-error`} />
              </div>
            );
          })}
        </div>
      </fieldset>
      <div className={styles.amounts}>
        <AmountField
          name="minimum"
          label={t('rebate.minimum', { currency: data.currency })}
          hint={t('rebate.minimumHint')}
          error={fieldErrorAt(errors, 'minimum')}
          isRequired
          canManage={canManage}
          register={register}
        />
        <AmountField
          name="maximum"
          label={t('rebate.maximum', { currency: data.currency })}
          hint={t('rebate.maximumHint')}
          error={fieldErrorAt(errors, 'maximum')}
          canManage={canManage}
          register={register}
        />
      </div>
      {canManage ? (
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={!isDirty || isSubmitting} isBusy={isSubmitting}>
            {t('rebate.save')}
          </Button>
        </div>
      ) : (
        <p className={styles.hint}>{t('rebate.readOnly')}</p>
      )}
      <Toast message={toast} onDismiss={dismissToast} />
    </form>
  );
};
