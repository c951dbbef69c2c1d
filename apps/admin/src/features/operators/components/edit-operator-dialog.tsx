import { adminEndpoints, type Operator, operatorRoles } from '@tessera/contracts';
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
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { Switch } from '../../../shared/ui/switch';
import { type UpdateOperatorInput, useUpdateOperator } from '../api/update-operator';
import styles from './operator-form.module.css';

export interface EditOperatorDialogProps {
  operator: Operator;
  isSelf: boolean;
  onClose: () => void;
}

/** Changes an operator's name, role, enabled flag and, if typed, password. Render it only while open. */
export const EditOperatorDialog = ({ operator, isSelf, onClose }: EditOperatorDialogProps) => {
  const { t } = useTranslation();
  const update = useUpdateOperator();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<UpdateOperatorInput, unknown, UpdateOperatorInput>({
    resolver: contractResolver(adminEndpoints.updateOperator.request),
    defaultValues: { displayName: operator.displayName, role: operator.role, enabled: operator.enabled },
  });

  const handleSave = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await update.mutateAsync({ id: operator.id, input });
      onClose();
    } catch (error) {
      const unmatched = isApiError(error) ? applyServerFieldErrors(setError, error.fieldErrors) : [];
      if (!isApiError(error) || error.fieldErrors.length === 0 || unmatched.length > 0)
        setFormError(errorCodeOf(error));
    }
  });

  return (
    <Dialog
      isOpen
      title={t('operators.editTitle', { username: operator.username })}
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" type="submit" form="edit-operator-form" isBusy={update.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form id="edit-operator-form" className={styles.form} onSubmit={handleSave} noValidate>
        {formError ? (
          <Alert tone="danger" title={t(`errors.${formError}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <div className={styles.grid}>
          <Field label={t('operators.displayName')} htmlFor="edit-displayName" error={errors.displayName} isRequired>
            <input
              id="edit-displayName"
              aria-invalid={errors.displayName ? true : undefined}
              aria-describedby={errors.displayName ? 'edit-displayName-error' : undefined}
              {...register('displayName')}
            />
          </Field>
          <Field
            label={t('operators.role')}
            htmlFor="edit-role"
            error={errors.role}
            hint={isSelf ? t('operators.selfRoleHint') : undefined}
            isRequired
          >
            <select id="edit-role" disabled={isSelf} {...register('role')}>
              {operatorRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('operators.newPassword')}
            htmlFor="edit-password"
            error={errors.password}
            hint={t('operators.newPasswordHint')}
          >
            <input
              id="edit-password"
              type="password"
              autoComplete="new-password"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'edit-password-error' : undefined}
              {...register('password', { setValueAs: (value: string | undefined) => (value ? value : undefined) })}
            />
          </Field>
        </div>
        <Controller
          control={control}
          name="enabled"
          render={({ field }) => (
            <div className={styles.switchRow}>
              <span>{t('operators.enabledLabel')}</span>
              <Switch
                isOn={field.value}
                onChange={field.onChange}
                label={t('operators.enabledLabel')}
                isDisabled={isSelf}
              />
            </div>
          )}
        />
        <FieldErrorText error={errors.enabled} />
        <p className={styles.note}>{t('operators.sessionsNote')}</p>
      </form>
    </Dialog>
  );
};
