import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { LotteryDrawDetail } from '../../features/lottery/components/lottery-draw-detail';
import { LotteryDraws } from '../../features/lottery/components/lottery-draws';
import { LotteryGames } from '../../features/lottery/components/lottery-games';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { Tabs } from '../../shared/ui/tabs';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

type LotteryTab = 'games' | 'draws';

const lotteryPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/lottery`;

/** /lottery: a merchant's lottery, or a merchant to pick first. */
export const LotteryIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="lottery.read"
      title={t('lottery.title')}
      description={t('lottery.pickMerchant')}
      pathOf={lotteryPathOf}
    />
  );
};

/** /merchants/:code/lottery: the games' settings (owner and risk change them) and the draws. */
export const LotteryPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  if (!canOperator(operator.role, 'lottery.read')) return <Navigate to="/merchants" replace />;
  const tab: LotteryTab = searchParams.get('tab') === 'draws' ? 'draws' : 'games';
  const gameCode = searchParams.get('game') ?? undefined;
  const pageNo = Math.max(1, Number(searchParams.get('page')) || 1);
  return (
    <>
      <PageHeader
        title={t('lottery.title')}
        description={t('lottery.description', { code })}
        breadcrumb={<Link to="/lottery">{t('lottery.title')}</Link>}
      />
      <Tabs
        label={t('lottery.title')}
        tabs={[
          { id: 'games', label: t('lottery.gamesTab') },
          { id: 'draws', label: t('lottery.drawsTab') },
        ]}
        value={tab}
        onChange={(item) => setSearchParams(item === 'games' ? {} : { tab: item }, { replace: true })}
      />
      <div role="tabpanel">
        {tab === 'draws' ? (
          <LotteryDraws
            code={code}
            gameCode={gameCode}
            pageNo={pageNo}
            onChange={(next) =>
              setSearchParams(
                {
                  tab: 'draws',
                  ...(next.gameCode ? { game: next.gameCode } : {}),
                  ...(next.pageNo > 1 ? { page: String(next.pageNo) } : {}),
                },
                { replace: true },
              )
            }
          />
        ) : (
          <LotteryGames code={code} canManage={canOperator(operator.role, 'lottery.manage')} />
        )}
      </div>
    </>
  );
};

/** /merchants/:code/lottery/draws/:drawId: one draw, its exposure and its cancel. */
export const LotteryDrawPage = () => {
  const { t } = useTranslation();
  const { code = '', drawId = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'lottery.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('lottery.drawPageTitle')}
        description={t('lottery.drawPageDescription', { code })}
        breadcrumb={<Link to={`${lotteryPathOf(code)}?tab=draws`}>{t('lottery.drawsTab')}</Link>}
      />
      <LotteryDrawDetail code={code} drawId={drawId} canManage={canOperator(operator.role, 'lottery.manage')} />
    </>
  );
};
