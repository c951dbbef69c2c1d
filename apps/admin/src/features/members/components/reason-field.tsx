import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../shared/ui/field';
import type { FieldErrorLike } from '../../../shared/ui/field-error-text';

export interface ReasonFieldProps {
  id: string;
  registration: UseFormRegisterReturn<'reason'>;
  error: FieldErrorLike | undefined;
}

/** The reason an operator gives for acting on a member; the audit log keeps it. */
export const ReasonField = ({ id, registration, error }: ReasonFieldProps) => {
  const { t } = useTranslation();
  return (
    <Field label={t('members.reason')} htmlFor={id} error={error} hint={t('members.reasonHint')} isRequired>
      <textarea
        id={id}
        rows={3}
        maxLength={200}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
    </Field>
  );
};
