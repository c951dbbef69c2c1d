import {
  type Control,
  Controller,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { ZonedDateTimeField } from '../../../shared/ui/zoned-date-time-field';
import { EditorTextField, type EditorTextFieldOptions } from './editor-text-field';

/**
 * The promotions editors' (promotion, red envelope, raffle) field builders over one react-hook-form: a text field and
 * a date and time in the merchant's zone, each registered at its path with its label and the error under it.
 */
export const useEditorFields = <T extends FieldValues>({
  ids,
  register,
  control,
  errors,
  timeZone,
}: {
  ids: string;
  register: UseFormRegister<T>;
  control: Control<T>;
  errors: FieldErrors<T>;
  timeZone: string;
}) => {
  const { t } = useTranslation();

  /** A text input or textarea registered at `name`, with its label and error. */
  const textField = (name: Path<T>, label: string, options: EditorTextFieldOptions = {}) => (
    <EditorTextField
      key={name}
      id={`${ids}-${name.replace(/\./g, '-')}`}
      label={label}
      error={fieldErrorAt(errors, name)}
      registration={register(name)}
      {...options}
    />
  );

  /** A date and time entered on the merchant's clock, held as an ISO instant at `name`. */
  const dateField = (name: Path<T>, label: string) => (
    <Controller
      key={name}
      control={control}
      name={name}
      render={({ field }) => (
        <ZonedDateTimeField
          id={`${ids}-${name}`}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          timeZone={timeZone}
          error={fieldErrorAt(errors, name)}
          emptyHint={t('promotions.hint.dateRequired')}
        />
      )}
    />
  );

  return { textField, dateField };
};
