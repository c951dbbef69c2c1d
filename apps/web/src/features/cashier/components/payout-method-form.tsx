import { useQueryClient } from '@tanstack/react-query';
import { cryptoNetworks, type PayoutMethodKind, payoutMethodKinds } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { payoutMethodsQueryKey } from '../api/get-payout-methods';
import { addPayoutMethod } from '../api/withdraw-mutations';
import { payoutFields, payoutKindKeys } from '../withdraw-labels';

type Values = Record<string, string> & { kind: PayoutMethodKind; withdrawPassword: string };

const emptyValues: Values = {
  kind: 'bank_account',
  withdrawPassword: '',
  bankName: '',
  branch: '',
  accountName: '',
  accountNumber: '',
  provider: '',
  accountId: '',
  network: 'TRC20',
  address: '',
  countryDialingCode: '',
  mobileNum: '',
};

export interface PayoutMethodFormProps {
  /** Kinds the merchant pays out to. */
  kinds: readonly PayoutMethodKind[];
  onDone: () => void;
  onCancel: () => void;
}

/** Adds a payout method: the fields of the chosen kind, confirmed with the withdraw password. */
export const PayoutMethodForm = ({ kinds, onDone, onCancel }: PayoutMethodFormProps) => {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const offered = payoutMethodKinds.filter((kind) => kinds.includes(kind));
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ defaultValues: { ...emptyValues, kind: offered[0] ?? 'bank_account' } });
  const kind = watch('kind');
  const fields = payoutFields[kind];

  const onSubmit = async (values: Values) => {
    setFormError(null);
    const method = Object.fromEntries([
      ['kind', values.kind],
      ...fields
        .map((field) => [field.name, values[field.name] ?? ''] as const)
        .filter(([, value]) => value.trim() !== ''),
    ]);
    try {
      await addPayoutMethod({ method: method as never, withdrawPassword: values.withdrawPassword });
      await queryClient.invalidateQueries({ queryKey: payoutMethodsQueryKey });
      onDone();
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      // Method fields come back as `method.<field>`.
      const aliases = Object.fromEntries(fields.map((field) => [`method.${field.name}`, field.name]));
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, {
        fields: [...fields.map((field) => field.name), 'withdrawPassword'],
        aliases,
      });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="payout-method">
      <SelectField
        id="payout-kind"
        label={t('payout_kind')}
        options={offered.map((value) => ({ value, label: t(payoutKindKeys[value]) }))}
        {...register('kind')}
      />
      {fields.map((field) =>
        field.name === 'network' ? (
          <SelectField
            key={`${kind}-${field.name}`}
            id={`payout-${field.name}`}
            label={t(field.labelKey)}
            options={cryptoNetworks.map((value) => ({ value, label: value }))}
            error={errors.network}
            {...register('network')}
          />
        ) : (
          <TextField
            key={`${kind}-${field.name}`}
            id={`payout-${field.name}`}
            label={t(field.labelKey)}
            autoComplete="off"
            inputMode={field.name === 'mobileNum' || field.name === 'countryDialingCode' ? 'tel' : undefined}
            isRequired={!field.isOptional}
            error={errors[field.name]}
            {...register(field.name, field.isOptional ? {} : { validate: validateRequired() })}
          />
        ),
      )}
      <PasswordField
        id="payout-withdraw-password"
        label={t('withdraw_password')}
        autoComplete="off"
        maxLength={128}
        isRequired
        error={errors.withdrawPassword}
        {...register('withdrawPassword', { validate: validateRequired('not_empty', false) })}
      />
      <FormError code={formError} />
      <div className={formStyles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {t('payout_save')}
        </Button>
      </div>
    </form>
  );
};
