import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import tableStyles from '../../../shared/ui/data-table/data-table.module.css';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { useLoginHistory } from '../api/get-login-history';
import { loginFailureKeys, loginMethodKeys } from '../login-history-labels';
import { describeUserAgent } from '../user-agent';
import styles from './security-center.module.css';

/** The member's recent logins: time, IP, device, method and result (a table; label and value pairs on phones). */
export const LoginHistoryCard = () => {
  const { t } = useTranslation('account');
  const history = useLoginHistory();
  const formatDateTime = useFormatDateTime();
  const columns = {
    time: t('history_time'),
    ip: t('history_ip'),
    device: t('history_device'),
    method: t('history_method'),
    result: t('history_result'),
  };

  const deviceOf = (userAgent: string | null): string => {
    const { browser, system } = describeUserAgent(userAgent);
    if (browser && system) return t('device_on', { browser, system });
    return browser ?? system ?? t('device_unknown');
  };

  return (
    <section className={styles.card} aria-labelledby="history-title" data-card="login-history">
      <h2 id="history-title" className={styles.cardTitle}>
        {t('history_title')}
      </h2>
      {history.isPending ? <InlineLoader label={t('in_loading', { ns: 'common' })} /> : null}
      {history.isError ? (
        <div className={styles.empty}>
          <FormError code={errorKeyOf(history.error)} />
        </div>
      ) : null}
      {history.data && history.data.length === 0 ? <EmptyState /> : null}
      {history.data && history.data.length > 0 ? (
        <div className={tableStyles.tableWrap}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th scope="col">{columns.time}</th>
                <th scope="col">{columns.ip}</th>
                <th scope="col">{columns.device}</th>
                <th scope="col">{columns.method}</th>
                <th scope="col">{columns.result}</th>
              </tr>
            </thead>
            <tbody>
              {history.data.map((entry) => (
                <tr key={`${entry.at}-${entry.ip}-${entry.method}`} data-login-entry={entry.success ? 'ok' : 'failed'}>
                  <td data-label={columns.time}>{formatDateTime(entry.at)}</td>
                  <td data-label={columns.ip} className={tableStyles.mono}>
                    <bdi dir="ltr">{entry.ip}</bdi>
                  </td>
                  <td data-label={columns.device} title={entry.userAgent ?? undefined}>
                    {deviceOf(entry.userAgent)}
                  </td>
                  <td data-label={columns.method}>{t(loginMethodKeys[entry.method] ?? 'login_method_other')}</td>
                  <td data-label={columns.result}>
                    <span className={`${styles.result} ${entry.success ? styles.resultOk : styles.resultFail}`}>
                      {entry.success
                        ? t('login_result_ok')
                        : t((entry.reason && loginFailureKeys[entry.reason]) || 'login_result_failed')}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
};
