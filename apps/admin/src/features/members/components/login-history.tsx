import type { adminLoginEntrySchema } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { CountryLabel } from '../../../shared/ui/country-label';
import table from '../../../shared/ui/data-table.module.css';
import { Panel } from '../../../shared/ui/panel';
import { loginMethodKey, loginOutcomeOf } from '../lib/login-outcome';
import { shortUserAgent } from '../lib/user-agent';
import styles from './login-history.module.css';

type LoginEntry = z.infer<typeof adminLoginEntrySchema>;

export interface LoginHistoryProps {
  logins: readonly LoginEntry[];
}

/**
 * The member's last 50 sign-in attempts, newest first: when, from where (IP and the country the CDN placed it in), on
 * what, how, and the outcome.
 */
export const LoginHistory = ({ logins }: LoginHistoryProps) => {
  const { t } = useTranslation();
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <Panel
      id="member-logins"
      title={t('members.loginsTitle')}
      description={t('members.loginsDescription', { count: logins.length })}
    >
      {logins.length === 0 ? (
        <p className={styles.empty}>{t('members.noLogins')}</p>
      ) : (
        <div className={table.wrap}>
          <table className={table.table} data-testid="login-history">
            <thead>
              <tr>
                <th scope="col">{t('members.loginTime')}</th>
                <th scope="col">{t('members.loginIp')}</th>
                <th scope="col">{t('members.loginCountry')}</th>
                <th scope="col">{t('members.loginDevice')}</th>
                <th scope="col">{t('members.loginMethod')}</th>
                <th scope="col">{t('members.loginResult')}</th>
              </tr>
            </thead>
            <tbody>
              {logins.map((entry, index) => {
                const outcome = loginOutcomeOf(entry);
                const methodKey = loginMethodKey(entry.method);
                const agent = entry.userAgent ?? '';
                const device = [agent, entry.deviceId ? `${t('members.deviceId')}: ${entry.deviceId}` : '']
                  .filter(Boolean)
                  .join('\n');
                return (
                  <tr
                    // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id and never move within one answer
                    key={index}
                    data-login-method={entry.method}
                    data-login-success={entry.success}
                    data-login-reason={entry.reason ?? undefined}
                  >
                    <td data-label={t('members.loginTime')} className={table.nowrap}>
                      <time dateTime={entry.at}>{formatTime.format(Date.parse(entry.at))}</time>
                    </td>
                    <td data-label={t('members.loginIp')} className={`${table.mono} ${table.nowrap}`}>
                      {entry.ip}
                    </td>
                    <td data-label={t('members.loginCountry')} className={table.nowrap}>
                      <CountryLabel code={entry.country} />
                    </td>
                    <td data-label={t('members.loginDevice')}>
                      {device ? (
                        <span className={styles.device} title={device}>
                          <span className={styles.agent}>
                            {agent ? shortUserAgent(agent) : t('members.unknownDevice')}
                          </span>
                          {entry.deviceId ? <code className={styles.deviceId}>{entry.deviceId}</code> : null}
                        </span>
                      ) : (
                        <span className={table.muted}>{t('members.unknownDevice')}</span>
                      )}
                    </td>
                    <td data-label={t('members.loginMethod')}>
                      {methodKey ? t(methodKey) : <code>{entry.method}</code>}
                    </td>
                    <td data-label={t('members.loginResult')}>
                      <Badge tone={outcome.tone}>
                        {t(outcome.key)}
                        {outcome.rawReason ? ` (${outcome.rawReason})` : null}
                      </Badge>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
};
