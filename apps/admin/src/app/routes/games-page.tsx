import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { GameTable } from '../../features/catalogue/components/game-table';
import { VendorTable } from '../../features/catalogue/components/vendor-table';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import styles from './games-page.module.css';

type CatalogueTab = 'vendors' | 'games';

/** /games: a merchant's operator goes straight to its catalogue; a platform operator picks the merchant first. */
export const GamesIndexPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const merchants = useMerchants();
  if (!canOperator(operator.role, 'games.read')) return <Navigate to="/merchants" replace />;
  if (operator.merchantCode)
    return <Navigate to={`/merchants/${encodeURIComponent(operator.merchantCode)}/games`} replace />;
  return (
    <>
      <PageHeader title={t('catalogue.title')} description={t('catalogue.pickMerchant')} />
      {merchants.isPending ? (
        <LoadingState />
      ) : merchants.isError ? (
        <ErrorState error={merchants.error} onRetry={() => void merchants.refetch()} />
      ) : merchants.data.length === 0 ? (
        <EmptyState message={t('merchants.empty')} />
      ) : (
        <ul className={styles.merchants}>
          {merchants.data.map((merchant) => (
            <li key={merchant.code}>
              <Link className={styles.merchant} to={`/merchants/${encodeURIComponent(merchant.code)}/games`}>
                <span className={styles.merchantName}>{merchant.name}</span>
                <span className={styles.merchantCode}>{merchant.code}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
};

/** /merchants/:code/games: the merchant's vendors and games (read for every role, changes for owner and content). */
export const GamesPage = () => {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: CatalogueTab = searchParams.get('tab') === 'vendors' ? 'vendors' : 'games';
  if (!canOperator(operator.role, 'games.read')) return <Navigate to="/merchants" replace />;
  const canManage = canOperator(operator.role, 'games.manage');
  const tabs: readonly CatalogueTab[] = ['games', 'vendors'];
  return (
    <>
      <PageHeader
        title={t('catalogue.title')}
        description={t('catalogue.description', { code })}
        breadcrumb={<Link to="/games">{t('catalogue.title')}</Link>}
      />
      <div className={styles.tabs} role="tablist" aria-label={t('catalogue.title')}>
        {tabs.map((item) => (
          <button
            key={item}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={tab === item}
            onClick={() => setSearchParams(item === 'games' ? {} : { tab: item }, { replace: true })}
          >
            {t(item === 'games' ? 'catalogue.gamesTab' : 'catalogue.vendorsTab')}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={styles.panel}>
        {tab === 'vendors' ? (
          <VendorTable code={code} canManage={canManage} />
        ) : (
          <GameTable code={code} canManage={canManage} language={i18n.language.toUpperCase()} />
        )}
      </div>
    </>
  );
};
