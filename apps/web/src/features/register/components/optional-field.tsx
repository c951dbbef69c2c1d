import type { RegisterFieldRule } from '@tessera/contracts';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldErrorLike, FieldMessageTone } from '../../../shared/ui/form/field-message';
import { PasswordField, TextField } from '../../../shared/ui/form/text-field';
import { type OptionalFieldName, optionalFieldLabelKeys } from '../register-plan';

const autoCompleteOf: Partial<Record<OptionalFieldName, string>> = {
  payeeName: 'name',
  nickname: 'nickname',
  email: 'email',
  birthday: 'bday',
  address: 'street-address',
  paymentPassword: 'new-password',
};

export interface OptionalFieldProps {
  name: OptionalFieldName;
  rule: RegisterFieldRule;
  idPrefix: string;
  error: FieldErrorLike | undefined;
  errorTone?: FieldMessageTone;
  registration: UseFormRegisterReturn;
}

/** One registration extra the merchant switched on, labelled, marked * when required. */
export const OptionalField = ({ name, rule, idPrefix, error, errorTone, registration }: OptionalFieldProps) => {
  const { t } = useTranslation();
  const common = {
    id: `${idPrefix}-${name}`,
    label: t(optionalFieldLabelKeys[name]),
    isRequired: rule.required,
    error,
    errorTone,
    autoComplete: autoCompleteOf[name] ?? 'off',
    maxLength: rule.maxLength,
  };
  if (name === 'paymentPassword') return <PasswordField {...common} {...registration} />;
  if (name === 'birthday') {
    const today = new Date().toISOString().slice(0, 10);
    return <TextField {...common} type="date" max={today} maxLength={undefined} {...registration} />;
  }
  if (name === 'email') return <TextField {...common} type="email" {...registration} />;
  return <TextField {...common} {...registration} />;
};
