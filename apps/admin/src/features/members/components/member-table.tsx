import type { AdminMember } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { currentLocale } from '../../../shared/i18n/i18n';
import table from '../../../shared/ui/data-table.module.css';
import { MemberStatusBadges, MemberTypeLabel, TwoFactorBadge } from './member-labels';
import styles from './member-table.module.css';

export interface MemberTableProps {
  members: readonly AdminMember[];
  /** The rows belong to the previous search while the next one loads. */
  isStale?: boolean;
}

export const memberPath = (id: string) => `/members/${encodeURIComponent(id)}`;

/** Search results; a row opens the member (the account is the link for keyboards and screen readers). */
export const MemberTable = ({ members, isStale = false }: MemberTableProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The member page's breadcrumb returns to this very search.
  const linkState = { from: location.pathname + location.search };
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className={table.wrap} data-stale={isStale || undefined}>
      <table className={`${table.table} ${styles.table}`} data-testid="member-table">
        <thead>
          <tr>
            <th scope="col">{t('members.account')}</th>
            <th scope="col">{t('members.merchant')}</th>
            <th scope="col">{t('members.type')}</th>
            <th scope="col">{t('members.mobile')}</th>
            <th scope="col">{t('members.email')}</th>
            <th scope="col">{t('members.status')}</th>
            <th scope="col">{t('members.twoFactor')}</th>
            <th scope="col">{t('members.created')}</th>
            <th scope="col">{t('members.lastLogin')}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            // The account link is the keyboard way in; the whole row is a larger target for the pointer.
            <tr
              key={member.id}
              data-member={member.account}
              className={styles.row}
              onClick={(event) => {
                if (event.target instanceof Element && event.target.closest('a')) return;
                void navigate(memberPath(member.id), { state: linkState });
              }}
            >
              <td data-label={t('members.account')}>
                <span className={styles.account}>
                  <Link className={styles.link} to={memberPath(member.id)} state={linkState}>
                    {member.account}
                  </Link>
                  {member.nickname && member.nickname !== member.account ? (
                    <span className={styles.nickname}>{member.nickname}</span>
                  ) : null}
                </span>
              </td>
              <td data-label={t('members.merchant')} className={table.mono}>
                {member.merchantCode}
              </td>
              <td data-label={t('members.type')}>
                <MemberTypeLabel type={member.type} />
              </td>
              <td data-label={t('members.mobile')} className={`${table.mono} ${table.nowrap}`}>
                {member.mobile ?? <span className={table.muted}>—</span>}
              </td>
              <td data-label={t('members.email')} className={styles.email}>
                {member.email ?? <span className={table.muted}>—</span>}
              </td>
              <td data-label={t('members.status')}>
                <MemberStatusBadges member={member} />
              </td>
              <td data-label={t('members.twoFactor')}>
                <TwoFactorBadge isOn={member.twoFactorEnabled} />
              </td>
              <td data-label={t('members.created')} className={`${table.muted} ${table.nowrap}`}>
                <time dateTime={member.createdAt}>{formatTime.format(Date.parse(member.createdAt))}</time>
              </td>
              <td data-label={t('members.lastLogin')} className={`${table.muted} ${table.nowrap}`}>
                {member.lastLoginAt ? (
                  <time dateTime={member.lastLoginAt}>{formatTime.format(Date.parse(member.lastLoginAt))}</time>
                ) : (
                  t('members.never')
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
