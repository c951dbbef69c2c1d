import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import table from '../../../shared/ui/data-table.module.css';
import { ListStates } from '../../../shared/ui/page-state';
import { useMerchants } from '../api/list-merchants';
import styles from './merchant-list.module.css';

const SHOWN_DOMAINS = 3;

export const MerchantList = () => {
  const { t } = useTranslation();
  const merchants = useMerchants();
  if (!merchants.data?.length) return <ListStates query={merchants} emptyMessage={t('merchants.empty')} />;
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">{t('merchants.name')}</th>
            <th scope="col">{t('merchants.code')}</th>
            <th scope="col">{t('merchants.status')}</th>
            <th scope="col">{t('merchants.domains')}</th>
          </tr>
        </thead>
        <tbody>
          {merchants.data.map((merchant) => (
            <tr key={merchant.code} data-merchant={merchant.code}>
              <td data-label={t('merchants.name')}>
                <Link className={styles.name} to={`/merchants/${encodeURIComponent(merchant.code)}`}>
                  {merchant.name}
                </Link>
              </td>
              <td data-label={t('merchants.code')} className={table.mono}>
                {merchant.code}
              </td>
              <td data-label={t('merchants.status')}>
                <span className={styles.badges}>
                  {merchant.enabled ? (
                    <Badge tone="success">{t('merchants.enabled')}</Badge>
                  ) : (
                    <Badge tone="neutral">{t('merchants.disabled')}</Badge>
                  )}
                  {merchant.maintenance ? <Badge tone="warning">{t('merchants.maintenance')}</Badge> : null}
                </span>
              </td>
              <td data-label={t('merchants.domains')} className={table.mono}>
                {merchant.domains.length === 0 ? (
                  <span className={table.muted}>{t('merchants.noDomains')}</span>
                ) : (
                  <span className={styles.domains}>
                    {merchant.domains.slice(0, SHOWN_DOMAINS).join(', ')}
                    {merchant.domains.length > SHOWN_DOMAINS
                      ? ` ${t('merchants.moreDomains', { count: merchant.domains.length - SHOWN_DOMAINS })}`
                      : null}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
