import { type AdminJackpot, JACKPOT_PROBABILITY_MAX_PPB, jackpotGames } from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { SwitchRow } from '../../../shared/ui/switch-row';
import { Toast } from '../../../shared/ui/toast';
import { useSaveJackpot } from '../api/jackpot-api';
import styles from './jackpot.module.css';

interface Values {
  enabled: boolean;
  seed: string;
  shareBp: string;
  probabilityPpb: string;
  eligibleGames: string[];
}

const valuesOf = (data: AdminJackpot): Values => ({
  enabled: data.enabled,
  seed: data.configured ? data.seed : '',
  shareBp: String(data.shareBp),
  probabilityPpb: String(data.probabilityPpb),
  eligibleGames: data.eligibleGames,
});

/** "1 in N" for a probability in parts per billion (empty when it is not a positive whole number). */
const oddsOf = (text: string): number | null => {
  const ppb = Number(text);
  if (!Number.isInteger(ppb) || ppb <= 0 || ppb > JACKPOT_PROBABILITY_MAX_PPB) return null;
  return Math.round(JACKPOT_PROBABILITY_MAX_PPB / ppb);
};

/** The merchant's jackpot settings: enabled, seed, share, probability and eligible games; judged by the server. */
export const JackpotSettings = ({
  code,
  data,
  canManage,
}: {
  code: string;
  data: AdminJackpot;
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const save = useSaveJackpot(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<Values>({ defaultValues: valuesOf(data) });
  const id = (field: string) => `jackpot-${field}`;
  const hasFieldErrors = isApiError(save.error) && save.error.fieldErrors.length > 0;
  const number = new Intl.NumberFormat(currentLocale());
  const odds = oddsOf(watch('probabilityPpb'));
  const share = Number(watch('shareBp'));

  const onSubmit = async (values: Values) => {
    try {
      const saved = await save.mutateAsync({
        enabled: values.enabled,
        seed: values.seed,
        shareBp: Number(values.shareBp),
        probabilityPpb: Number(values.probabilityPpb),
        eligibleGames: values.eligibleGames as AdminJackpot['eligibleGames'],
      });
      reset(valuesOf(saved));
      setToast({ id: Date.now(), text: t('jackpot.saved') });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };
  const gamesError = fieldErrorAt(errors, 'eligibleGames') ?? fieldErrorAt(errors, 'eligibleGames.0');

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)} data-testid="jackpot-settings">
      {save.isError && !hasFieldErrors ? <Alert tone="danger">{t(`errors.${errorCodeOf(save.error)}`)}</Alert> : null}
      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <SwitchRow
            id={id('enabled')}
            title={t('jackpot.enabled')}
            hint={t('jackpot.enabledHint')}
            isOn={field.value}
            onChange={field.onChange}
            isDisabled={!canManage}
          />
        )}
      />
      <div className={styles.row}>
        <Field
          label={t('jackpot.seed', { currency: data.currency })}
          htmlFor={id('seed')}
          hint={t('jackpot.seedHint')}
          error={fieldErrorAt(errors, 'seed')}
        >
          <input
            id={id('seed')}
            className={styles.input}
            inputMode="decimal"
            autoComplete="off"
            readOnly={!canManage}
            aria-invalid={fieldErrorAt(errors, 'seed') ? true : undefined}
            aria-describedby={`${id('seed')}-error`}
            {...register('seed')}
          />
        </Field>
        <Field
          label={t('jackpot.shareBp')}
          htmlFor={id('shareBp')}
          hint={
            Number.isFinite(share) && share >= 0
              ? t('jackpot.shareHint', { percent: number.format(share / 100) })
              : t('jackpot.shareHintEmpty')
          }
          error={fieldErrorAt(errors, 'shareBp')}
        >
          <input
            id={id('shareBp')}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            readOnly={!canManage}
            aria-invalid={fieldErrorAt(errors, 'shareBp') ? true : undefined}
            aria-describedby={`${id('shareBp')}-error`}
            {...register('shareBp')}
          />
        </Field>
        <Field
          label={t('jackpot.probabilityPpb')}
          htmlFor={id('probabilityPpb')}
          hint={odds ? t('jackpot.oddsHint', { odds: number.format(odds) }) : t('jackpot.probabilityHint')}
          error={fieldErrorAt(errors, 'probabilityPpb')}
        >
          <input
            id={id('probabilityPpb')}
            className={styles.input}
            inputMode="numeric"
            autoComplete="off"
            readOnly={!canManage}
            aria-invalid={fieldErrorAt(errors, 'probabilityPpb') ? true : undefined}
            aria-describedby={`${id('probabilityPpb')}-error`}
            {...register('probabilityPpb')}
          />
        </Field>
      </div>
      <fieldset className={styles.games} aria-describedby={`${id('games')}-error`}>
        <legend>{t('jackpot.eligibleGames')}</legend>
        {jackpotGames.map((game) => (
          <label key={game} className={styles.game}>
            <input type="checkbox" value={game} disabled={!canManage} {...register('eligibleGames')} />
            {t(`inhouse.games.${game}`)}
          </label>
        ))}
      </fieldset>
      <FieldErrorText error={gamesError} id={`${id('games')}-error`} />
      {canManage ? (
        <div>
          <Button type="submit" disabled={!isDirty} isBusy={save.isPending}>
            {t('common.save')}
          </Button>
        </div>
      ) : null}
      <Toast message={toast} onDismiss={dismissToast} />
    </form>
  );
};
