import {
  type AdminReferralSettings,
  type UpdateReferralSettings,
  updateReferralSettingsSchemaFor,
} from '@tessera/contracts';
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import { SwitchRow } from '../../../shared/ui/switch-row';
import { Toast } from '../../../shared/ui/toast';
import { useUpdateReferralSettings } from '../api/update-referral-settings';
import styles from './referral-settings.module.css';

type SettingsValues = UpdateReferralSettings;

const valuesOf = (data: AdminReferralSettings): SettingsValues => ({
  enabled: data.enabled,
  rewardPerFriend: data.rewardPerFriend ?? '',
  qualifyingDeposits: data.qualifyingDeposits ?? '',
  maxRewardedFriends: data.maxRewardedFriends === null ? '' : String(data.maxRewardedFriends),
});

const amountFields = ['rewardPerFriend', 'qualifyingDeposits'] as const;

export interface ReferralSettingsFormProps {
  code: string;
  data: AdminReferralSettings;
  canManage: boolean;
}

/**
 * The merchant's referral programme (decision 0044): on or off, the reward per qualifying friend, the friend's
 * qualifying deposit total and an optional cap, each field checked as the server checks it (the update's own
 * contract schema in the merchant's currency).
 */
export const ReferralSettingsForm = ({ code, data, canManage }: ReferralSettingsFormProps) => {
  const { t } = useTranslation();
  const update = useUpdateReferralSettings(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const resolver = useMemo(
    () => contractResolver<SettingsValues, UpdateReferralSettings>(updateReferralSettingsSchemaFor(data.currency)),
    [data.currency],
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsValues, unknown, UpdateReferralSettings>({ resolver, defaultValues: valuesOf(data) });
  const dismissToast = useCallback(() => setToast(null), []);
  const described = (name: keyof SettingsValues) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `referral-${name}-error` } : {};

  const save = handleSubmit(async (values) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesOf(saved));
      setToast({ id: Date.now(), text: t('referral.saved') });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  });
  const hasFieldErrors = isApiError(update.error) && update.error.fieldErrors.length > 0;
  const updatedAt = data.updatedAt
    ? new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
        Date.parse(data.updatedAt),
      )
    : null;

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void save(event)} data-testid="referral-settings">
      <Panel
        id="referral-programme"
        title={t('referral.title')}
        description={t('referral.intro', { currency: data.currency })}
        badge={
          data.updatedAt ? (
            <Badge tone={data.enabled ? 'success' : 'neutral'}>
              {data.enabled ? t('referral.on') : t('referral.off')}
            </Badge>
          ) : (
            <Badge>{t('referral.notSet')}</Badge>
          )
        }
      >
        {update.isError && !hasFieldErrors ? (
          <Alert tone="danger">{t(`errors.${errorCodeOf(update.error)}`)}</Alert>
        ) : null}
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <SwitchRow
              id="referral-enabled"
              title={t('referral.enabled')}
              hint={t('referral.enabledHint')}
              isOn={field.value}
              onChange={field.onChange}
              isDisabled={!canManage}
            />
          )}
        />
        <div className={styles.grid}>
          {amountFields.map((name) => (
            <Field
              key={name}
              label={t(`referral.${name}`, { currency: data.currency })}
              htmlFor={`referral-${name}`}
              hint={t(`referral.${name}Hint`)}
              error={errors[name]}
              isRequired
            >
              <input
                id={`referral-${name}`}
                className={styles.amount}
                inputMode="decimal"
                autoComplete="off"
                readOnly={!canManage}
                {...register(name)}
                {...described(name)}
              />
            </Field>
          ))}
          <Field
            label={t('referral.maxRewardedFriends')}
            htmlFor="referral-maxRewardedFriends"
            hint={t('referral.maxRewardedFriendsHint')}
            error={errors.maxRewardedFriends}
          >
            <input
              id="referral-maxRewardedFriends"
              className={styles.amount}
              inputMode="numeric"
              autoComplete="off"
              readOnly={!canManage}
              {...register('maxRewardedFriends')}
              {...described('maxRewardedFriends')}
            />
          </Field>
        </div>
        <p className={styles.note}>{t('referral.rule')}</p>
        {canManage ? (
          <div className={styles.actions}>
            <span className={styles.status} aria-live="polite">
              {isDirty ? t('referral.unsaved') : updatedAt ? t('referral.updatedAt', { at: updatedAt }) : null}
            </span>
            <Button type="submit" variant="primary" disabled={!isDirty || update.isPending} isBusy={update.isPending}>
              {t('common.save')}
            </Button>
          </div>
        ) : (
          <p className={styles.note}>{t('referral.readOnly')}</p>
        )}
      </Panel>
      <Toast message={toast} onDismiss={dismissToast} />
    </form>
  );
};
