import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { validateByRule, validateRequired } from '../../../shared/forms/rule-validation';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import formStyles from '../../../shared/ui/form/form.module.css';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { forgotPasswordByEmail } from '../api/forgot-password-by-email';

interface ForgotByEmailValues {
  username: string;
  email: string;
}

/** A valid e-mail address: the registration pattern 3, up to 254 characters. */
const EMAIL_RULE = { required: true, acceptedPattern: '*', patternId: 3, minLength: 5, maxLength: 254 } as const;

export interface ForgotByEmailFormProps {
  onDone: () => void;
}

/**
 * Username and e-mail, both required, the e-mail checked as one (spec section 5). The username is not held to
 * today's registration rule: members who registered by mobile have their number as username, and older
 * members may predate a rule change. The server answers the same whether or not the two match (decision
 * 0010), so success always reads "sent".
 */
export const ForgotByEmailForm = ({ onDone }: ForgotByEmailFormProps) => {
  const { t } = useTranslation();
  const [isSent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotByEmailValues>({ defaultValues: { username: '', email: '' } });

  const onSubmit = async (values: ForgotByEmailValues) => {
    setFormError(null);
    try {
      await forgotPasswordByEmail({ username: values.username.trim(), email: values.email.trim() });
      setSent(true);
    } catch (error) {
      if (!isApiError(error)) {
        setFormError(errorKeyOf(error));
        return;
      }
      const unmatched = applyServerFieldErrors(setError, error.fieldErrors, { fields: ['username', 'email'] });
      if (error.fieldErrors.length === 0 || unmatched.length > 0) setFormError(error.code);
    }
  };

  if (isSent) {
    return (
      <div className={formStyles.form} data-form="forgot-email-sent">
        <Alert tone="success">{t('in_been_out')}</Alert>
        <Button size="lg" isBlock onClick={onDone} data-autofocus="">
          {t('in_increase_submit')}
        </Button>
      </div>
    );
  }

  return (
    <form className={formStyles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-form="forgot-email">
      <p className={formStyles.hint}>{t('forgot_email_tips')}</p>
      <TextField
        id="forgot-username"
        label={t('in_increase_username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
        isRequired
        data-autofocus=""
        error={errors.username}
        {...register('username', { validate: validateRequired() })}
      />
      <TextField
        id="forgot-email"
        type="email"
        label={t('in_increase_email')}
        autoComplete="email"
        maxLength={254}
        isRequired
        error={errors.email}
        {...register('email', { validate: validateByRule(EMAIL_RULE) })}
      />
      <FormError code={formError} />
      <Button type="submit" size="lg" isBlock disabled={isSubmitting}>
        {t('send_reset_link')}
      </Button>
    </form>
  );
};
