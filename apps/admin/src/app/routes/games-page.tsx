import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { GameTable } from '../../features/games/components/game-table';
import { VendorTable } from '../../features/games/components/vendor-table';
import { InhouseLimits } from '../../features/inhouse/components/inhouse-limits';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import styles from './games-page.module.css';
import { MerchantIndexPage } from './merchant-index-page';

type CatalogueTab = 'vendors' | 'games' | 'inhouse';

const tabOf = (value: string | null): CatalogueTab => (value === 'vendors' || value === 'inhouse' ? value : 'games');

/** /games: a merchant's operator goes straight to its catalogue; a platform operator picks the merchant first. */
export const GamesIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="games.read"
      title={t('catalogue.title')}
      description={t('catalogue.pickMerchant')}
      pathOf={(code) => `/merchants/${encodeURIComponent(code)}/games`}
    />
  );
};

/** /merchants/:code/games: the merchant's vendors and games (read for every role, changes for owner and content). */
export const GamesPage = () => {
  const { t, i18n } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const canReadLimits = canOperator(operator.role, 'inhouse.read');
  const requested = tabOf(searchParams.get('tab'));
  const tab: CatalogueTab = requested === 'inhouse' && !canReadLimits ? 'games' : requested;
  if (!canOperator(operator.role, 'games.read')) return <Navigate to="/merchants" replace />;
  const canManage = canOperator(operator.role, 'games.manage');
  return (
    <>
      <PageHeader
        title={t('catalogue.title')}
        description={t('catalogue.description', { code })}
        breadcrumb={<Link to="/games">{t('catalogue.title')}</Link>}
      />
      <Tabs
        label={t('catalogue.title')}
        tabs={[
          { id: 'games', label: t('catalogue.gamesTab') },
          { id: 'vendors', label: t('catalogue.vendorsTab') },
          ...(canReadLimits ? [{ id: 'inhouse' as const, label: t('catalogue.inhouseTab') }] : []),
        ]}
        value={tab}
        onChange={(item) => setSearchParams(item === 'games' ? {} : { tab: item }, { replace: true })}
      />
      <div role="tabpanel" className={styles.panel}>
        {tab === 'inhouse' ? (
          <InhouseLimits code={code} canManage={canOperator(operator.role, 'inhouse.manage')} />
        ) : tab === 'vendors' ? (
          <VendorTable code={code} canManage={canManage} />
        ) : (
          <GameTable code={code} canManage={canManage} language={i18n.language.toUpperCase()} />
        )}
      </div>
    </>
  );
};
