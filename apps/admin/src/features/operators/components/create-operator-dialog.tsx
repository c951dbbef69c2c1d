import { adminEndpoints, operatorRoles } from '@tessera/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { type CreateOperatorInput, useCreateOperator } from '../api/create-operator';
import styles from './operator-form.module.css';

export interface CreateOperatorDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The creating owner's own scope: a merchant-scoped owner creates operators of that merchant only. */
  actorMerchantCode: string | null;
  merchantCodes: readonly string[];
}

const ALL_MERCHANTS = '';

export const CreateOperatorDialog = ({
  isOpen,
  onClose,
  actorMerchantCode,
  merchantCodes,
}: CreateOperatorDialogProps) => {
  const { t } = useTranslation();
  const create = useCreateOperator();
  const [formError, setFormError] = useState<string | null>(null);
  const emptyForm: CreateOperatorInput = {
    username: '',
    displayName: '',
    password: '',
    role: 'support',
    merchantCode: actorMerchantCode,
  };
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<CreateOperatorInput, unknown, CreateOperatorInput>({
    resolver: contractResolver(adminEndpoints.createOperator.request),
    defaultValues: emptyForm,
  });

  const handleClose = () => {
    reset(emptyForm);
    setFormError(null);
    onClose();
  };

  const handleCreate = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await create.mutateAsync(input);
      handleClose();
    } catch (error) {
      const unmatched = isApiError(error) ? applyServerFieldErrors(setError, error.fieldErrors) : [];
      if (!isApiError(error) || error.fieldErrors.length === 0 || unmatched.length > 0)
        setFormError(errorCodeOf(error));
    }
  });

  const aria = (name: keyof CreateOperatorInput) =>
    errors[name] ? { 'aria-invalid': true, 'aria-describedby': `create-${name}-error` } : {};

  return (
    <Dialog
      isOpen={isOpen}
      title={t('operators.createTitle')}
      onClose={handleClose}
      size="md"
      footer={
        <>
          <Button onClick={handleClose}>{t('common.cancel')}</Button>
          <Button variant="primary" type="submit" form="create-operator-form" isBusy={create.isPending}>
            {t('operators.create')}
          </Button>
        </>
      }
    >
      <form id="create-operator-form" className={styles.form} onSubmit={handleCreate} noValidate>
        {formError ? (
          <Alert tone="danger" title={t(`errors.${formError}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <div className={styles.grid}>
          <Field
            label={t('operators.username')}
            htmlFor="create-username"
            error={errors.username}
            hint={t('operators.usernameHint')}
            isRequired
          >
            <input id="create-username" autoComplete="off" {...register('username')} {...aria('username')} />
          </Field>
          <Field label={t('operators.displayName')} htmlFor="create-displayName" error={errors.displayName} isRequired>
            <input id="create-displayName" {...register('displayName')} {...aria('displayName')} />
          </Field>
          <Field
            label={t('operators.password')}
            htmlFor="create-password"
            error={errors.password}
            hint={t('operators.passwordHint')}
            isRequired
          >
            <input
              id="create-password"
              type="password"
              autoComplete="new-password"
              {...register('password')}
              {...aria('password')}
            />
          </Field>
          <Field label={t('operators.role')} htmlFor="create-role" error={errors.role} isRequired>
            <select id="create-role" {...register('role')} {...aria('role')}>
              {operatorRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('operators.scope')}
            htmlFor="create-merchantCode"
            error={errors.merchantCode}
            hint={t('operators.scopeHint')}
            isRequired
          >
            <Controller
              control={control}
              name="merchantCode"
              render={({ field }) => (
                <select
                  id="create-merchantCode"
                  value={field.value ?? ALL_MERCHANTS}
                  disabled={actorMerchantCode !== null}
                  onChange={(event) => field.onChange(event.target.value === ALL_MERCHANTS ? null : event.target.value)}
                  onBlur={field.onBlur}
                  {...aria('merchantCode')}
                >
                  {actorMerchantCode === null ? <option value={ALL_MERCHANTS}>{t('operators.scopeAll')}</option> : null}
                  {merchantCodes.map((code) => (
                    <option key={code} value={code}>
                      {t('operators.scopeOne', { code })}
                    </option>
                  ))}
                </select>
              )}
            />
          </Field>
        </div>
        <p className={styles.note}>{t('operators.rolesNote')}</p>
      </form>
    </Dialog>
  );
};
