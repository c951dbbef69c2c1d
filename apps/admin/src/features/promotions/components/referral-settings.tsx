import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useReferralSettings } from '../api/get-referral-settings';
import { ReferralSettingsForm } from './referral-settings-form';

export interface ReferralSettingsProps {
  code: string;
  canManage: boolean;
}

/** The merchant's referral programme, loaded, then edited in one form. */
export const ReferralSettings = ({ code, canManage }: ReferralSettingsProps) => {
  const settings = useReferralSettings(code);
  if (settings.isPending) return <LoadingState />;
  if (settings.isError) return <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  // Keyed by merchant: another merchant's programme starts a fresh form.
  return <ReferralSettingsForm key={code} code={code} data={settings.data} canManage={canManage} />;
};
