import type { ReferralSummary } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Card } from '../../../shared/ui/card/card';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import styles from './referral.module.css';

export interface ReferralProgrammeCardProps {
  summary: ReferralSummary;
  /** The reward centre's page where referral rewards are claimed; null where the site has none. */
  rewardCenterPath: string | null;
}

/** The programme's terms while it pays (or that it is paused), and the member's friends and rewards so far. */
export const ReferralProgrammeCard = ({ summary, rewardCenterPath }: ReferralProgrammeCardProps) => {
  const { t } = useTranslation('referral');
  const formatMoney = useFormatMoney();
  const { terms } = summary;
  const stats = [
    { name: 'friends', label: t('referral_friends'), value: String(summary.friends) },
    { name: 'qualified', label: t('referral_qualified'), value: String(summary.qualified) },
    { name: 'earned', label: t('referral_earned'), value: formatMoney(summary.earned, summary.currency) },
    { name: 'waiting', label: t('referral_waiting'), value: formatMoney(summary.waiting, summary.currency) },
  ];
  return (
    <Card title={t('referral_terms_title')} name="referral-programme">
      <div className={styles.programme}>
        {terms ? (
          <div className={styles.terms} data-terms="">
            <span className={styles.termsIcon} aria-hidden="true">
              <GiftIcon />
            </span>
            <div className={styles.termsText}>
              <p className={styles.termsLead}>
                {t('referral_terms_reward', {
                  reward: formatMoney(terms.rewardPerFriend, terms.currency),
                  deposits: formatMoney(terms.qualifyingDeposits, terms.currency),
                })}
              </p>
              {terms.maxRewardedFriends !== null ? (
                <p className={styles.muted}>{t('referral_terms_cap', { max: terms.maxRewardedFriends })}</p>
              ) : null}
              <p className={styles.muted}>{t('referral_terms_claim')}</p>
            </div>
          </div>
        ) : (
          <Alert tone="info" name="referral-paused">
            {t('referral_paused')}
          </Alert>
        )}
        <dl className={styles.stats}>
          {stats.map((stat) => (
            <div key={stat.name} className={styles.stat} data-stat={stat.name}>
              <dt className={styles.statLabel}>{stat.label}</dt>
              <dd className={styles.statValue}>{stat.value}</dd>
            </div>
          ))}
        </dl>
        {rewardCenterPath ? (
          <Link to={rewardCenterPath} className={styles.claimLink} data-reward-center-link="">
            {t('referral_claim_link')}
          </Link>
        ) : null}
      </div>
    </Card>
  );
};
