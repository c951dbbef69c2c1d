import { type Control, Controller, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { Switch } from '../ui/switch';

export interface FormSwitchProps<T extends FieldValues> {
  control: Control<T>;
  /** A boolean field of the form. */
  name: FieldPathByValue<T, boolean>;
  id: string;
  label: string;
  isDisabled?: boolean;
}

/** A form's on/off field: the switch with its label shown, bound to the form's value. */
export const FormSwitch = <T extends FieldValues>({ control, name, id, label, isDisabled }: FormSwitchProps<T>) => (
  <Controller
    control={control}
    name={name}
    render={({ field }) => (
      <Switch
        id={id}
        isOn={field.value}
        onChange={field.onChange}
        label={label}
        isLabelVisible
        isDisabled={isDisabled}
      />
    )}
  />
);
