import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useRebateSettings } from '../api/get-rebate-settings';
import { RebateSettingsForm } from './rebate-settings-form';

export interface RebateSettingsProps {
  code: string;
  canManage: boolean;
}

/** The merchant's rebate settings, loaded, then edited in one form. */
export const RebateSettings = ({ code, canManage }: RebateSettingsProps) => {
  const settings = useRebateSettings(code);
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  // Keyed by merchant: another merchant's settings start a fresh form.
  return <RebateSettingsForm key={code} code={code} data={settings.data} canManage={canManage} />;
};
