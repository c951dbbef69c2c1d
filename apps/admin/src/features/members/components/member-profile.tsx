import type { AdminMember } from '@tessera/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { CountryLabel } from '../../../shared/ui/country-label';
import { Panel } from '../../../shared/ui/panel';
import { MemberStatusBadges, MemberTypeLabel, TwoFactorBadge } from './member-labels';
import styles from './member-profile.module.css';

interface FactProps {
  label: string;
  children: ReactNode;
  isMono?: boolean;
  /** Long values (an e-mail address, the id) take a whole row on narrow screens. */
  isWide?: boolean;
}

const Fact = ({ label, children, isMono = false, isWide = false }: FactProps) => (
  <div className={[styles.fact, isWide ? styles.wide : ''].join(' ')}>
    <dt className={styles.term}>{label}</dt>
    <dd className={[styles.value, isMono ? styles.mono : ''].join(' ')}>{children}</dd>
  </div>
);

/** The member's account facts, as the operator needs them on a support call. */
export const MemberProfile = ({ member }: { member: AdminMember }) => {
  const { t } = useTranslation();
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });
  const none = <span className={styles.none}>{t('members.none')}</span>;
  return (
    <Panel id="member-profile" title={t('members.profileTitle')}>
      <dl className={styles.facts} data-testid="member-profile">
        <Fact label={t('members.account')} isMono>
          {member.account}
        </Fact>
        <Fact label={t('members.nickname')}>{member.nickname || none}</Fact>
        <Fact label={t('members.merchant')} isMono>
          {member.merchantCode}
        </Fact>
        <Fact label={t('members.type')}>
          <MemberTypeLabel type={member.type} />
        </Fact>
        <Fact label={t('members.status')}>
          <MemberStatusBadges member={member} />
        </Fact>
        <Fact label={t('members.twoFactor')}>
          <TwoFactorBadge isOn={member.twoFactorEnabled} />
        </Fact>
        <Fact label={t('members.mobile')} isMono>
          {member.mobile ?? none}
        </Fact>
        <Fact label={t('members.email')} isWide>
          {member.email ?? none}
        </Fact>
        <Fact label={t('members.payeeName')}>{member.payeeName ?? none}</Fact>
        <Fact label={t('members.created')}>
          <time dateTime={member.createdAt}>{formatTime.format(Date.parse(member.createdAt))}</time>
        </Fact>
        <Fact label={t('members.lastLogin')}>
          {member.lastLoginAt ? (
            <time dateTime={member.lastLoginAt}>{formatTime.format(Date.parse(member.lastLoginAt))}</time>
          ) : (
            t('members.never')
          )}
        </Fact>
        <Fact label={t('members.region')}>
          <CountryLabel code={member.country} />
        </Fact>
        <Fact label={t('members.id')} isMono isWide>
          {member.id}
        </Fact>
      </dl>
    </Panel>
  );
};
