import type { MemberInfo } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import styles from './security-center.module.css';

export interface ProfileCardProps {
  member: MemberInfo;
}

/** The member's profile: account, nickname, masked mobile and e-mail, and since when. */
export const ProfileCard = ({ member }: ProfileCardProps) => {
  const { t } = useTranslation('account');
  const formatDateTime = useFormatDateTime();
  const initial = (member.nickname || member.account).slice(0, 1).toUpperCase();
  const notSet = t('not_set');
  return (
    <section className={styles.card} aria-labelledby="profile-title" data-card="profile">
      <h2 id="profile-title" className={styles.cardTitle}>
        {t('profile_title')}
      </h2>
      <div className={styles.profile}>
        <span className={styles.avatar} aria-hidden="true">
          {initial}
        </span>
        <div className={styles.profileName}>
          <p className={styles.account}>{member.account}</p>
          <p className={styles.muted}>{member.nickname}</p>
        </div>
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>{t('profile_nickname')}</dt>
          <dd>{member.nickname}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('profile_user_id')}</dt>
          <dd className={styles.factId}>
            <bdi dir="ltr">{member.id}</bdi>
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('profile_mobile')}</dt>
          {/* Numbers and addresses read left to right, also in Arabic. */}
          <dd data-profile="mobile">{member.mobileMasked ? <bdi dir="ltr">{member.mobileMasked}</bdi> : notSet}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('profile_email')}</dt>
          <dd data-profile="email">{member.emailMasked ? <bdi dir="ltr">{member.emailMasked}</bdi> : notSet}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('profile_currency')}</dt>
          <dd>{member.currency}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{t('profile_member_since')}</dt>
          <dd>{formatDateTime(member.createdAt)}</dd>
        </div>
      </dl>
    </section>
  );
};
