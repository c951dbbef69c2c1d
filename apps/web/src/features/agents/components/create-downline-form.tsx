import type { CreateDownlineInput } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { usePublicStore } from '../../../shared/state/public-store';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { TextField } from '../../../shared/ui/form/text-field';
import { useCreateDownline } from '../api/agents-team-api';
import styles from './agents.module.css';

const fields = ['username', 'password', 'confirmPassword', 'kind'] as const;
const empty: CreateDownlineInput = { username: '', password: '', confirmPassword: '', kind: 'member' };

/**
 * Register centre: creates a downline account directly under the agent (username and password by the merchant's
 * registration rules, checked by the server); an agent account only where the merchant allows agents to create
 * agents (CREATEAFF3).
 */
export const CreateDownlineForm = () => {
  const { t } = useTranslation('agents');
  const mayCreateAgents = usePublicStore((state) => state.whitelabel.CREATEAFF3 === true);
  const create = useCreateDownline();
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<CreateDownlineInput>({ defaultValues: empty });
  const onSubmit = async (values: CreateDownlineInput) => {
    setFormError(null);
    setCreated(null);
    try {
      const account = await create.mutateAsync(values);
      setCreated(account.account);
      reset(empty);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };
  return (
    <Card title={t('agent_create_title')} name="create-downline">
      <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="create-downline">
        <p className={styles.muted}>{t('agent_create_intro')}</p>
        <TextField
          id="create-downline-username"
          label={t('agent_username')}
          autoComplete="off"
          maxLength={64}
          isRequired
          dir="ltr"
          error={errors.username}
          {...register('username', { validate: validateRequired('not_empty', false) })}
        />
        <TextField
          id="create-downline-password"
          label={t('agent_password')}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          isRequired
          error={errors.password}
          {...register('password', { validate: validateRequired('not_empty', false) })}
        />
        <TextField
          id="create-downline-confirm"
          label={t('agent_confirm_password')}
          type="password"
          autoComplete="new-password"
          maxLength={128}
          isRequired
          error={errors.confirmPassword}
          {...register('confirmPassword', {
            validate: (value) => (value === getValues('password') ? true : 'inconsistent_twice'),
          })}
        />
        <SelectField
          id="create-downline-kind"
          label={t('agent_type')}
          options={[
            { value: 'member', label: t('agent_type_member') },
            ...(mayCreateAgents ? [{ value: 'agent', label: t('agent_type_agent') }] : []),
          ]}
          error={errors.kind}
          {...register('kind')}
        />
        <FormError code={formError} />
        {created ? <Alert tone="success">{t('agent_created', { account: created })}</Alert> : null}
        <Button type="submit" isBlock disabled={isSubmitting}>
          {t('agent_create_submit')}
        </Button>
      </form>
    </Card>
  );
};
