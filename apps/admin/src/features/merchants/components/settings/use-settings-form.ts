import type { MerchantSettings } from '@tessera/contracts';
import { useFormContext } from 'react-hook-form';
import type { SettingsFormValues } from '../../lib/settings-form-values';

/** The settings form, from inside a section. */
export const useSettingsForm = () => useFormContext<SettingsFormValues, unknown, MerchantSettings>();
