import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useReferralSummary } from '../api/get-referral-summary';
import styles from '../components/referral.module.css';
import { ReferralFriendsCard } from '../components/referral-friends-card';
import { ReferralLinkCard } from '../components/referral-link-card';
import { ReferralProgrammeCard } from '../components/referral-programme-card';

export interface ReferralPageProps {
  siteName: string;
  /** The reward centre's page, where referral rewards are claimed; null where the site has none. */
  rewardCenterPath: string | null;
}

/**
 * Personal centre "Invite friends" (`referral`, module REFERRAL3; decision 0044): the member's referral link, its
 * QR code and share buttons, the programme's terms and totals, and the friends who signed up with it. Reading the
 * page grants the rewards of friends who qualified since.
 */
export const ReferralPage = ({ siteName, rewardCenterPath }: ReferralPageProps) => {
  const { t } = useTranslation('referral');
  const summary = useReferralSummary();
  if (summary.isPending) return <InlineLoader label={t('referral_loading')} />;
  if (summary.isError) return <FormError code={errorKeyOf(summary.error)} />;
  return (
    <div className={styles.page} data-page="referral">
      <ReferralLinkCard referralCode={summary.data.referralCode} siteName={siteName} />
      <ReferralProgrammeCard summary={summary.data} rewardCenterPath={rewardCenterPath} />
      <ReferralFriendsCard />
    </div>
  );
};
