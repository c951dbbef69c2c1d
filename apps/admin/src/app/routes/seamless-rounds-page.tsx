import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { SeamlessProviders } from '../../features/seamless/components/seamless-providers';
import { SeamlessRound } from '../../features/seamless/components/seamless-round';
import { SeamlessRounds } from '../../features/seamless/components/seamless-rounds';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const roundsPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/game-rounds`;

/** /game-rounds: game providers' rounds, or a merchant to pick first. */
export const SeamlessRoundsIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="games.read"
      title={t('seamlessRounds.title')}
      description={t('seamlessRounds.pickMerchant')}
      pathOf={roundsPathOf}
    />
  );
};

/**
 * /merchants/:code/game-rounds: the merchant's provider rounds, open ones oldest first (decision 0127), and each
 * provider's round timeout, which games managers set (decision 0128).
 */
export const SeamlessRoundsPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'games.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('seamlessRounds.title')}
        description={t('seamlessRounds.description', { code })}
        breadcrumb={<Link to="/game-rounds">{t('seamlessRounds.title')}</Link>}
      />
      <SeamlessRounds code={code} />
      <SeamlessProviders code={code} canManage={canOperator(operator.role, 'games.manage')} />
    </>
  );
};

/** /merchants/:code/game-rounds/:provider/:roundId: one round's whole history. */
export const SeamlessRoundPage = () => {
  const { t } = useTranslation();
  const { code = '', provider = '', roundId = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'games.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('seamlessRounds.roundTitle', { round: `${provider}:${roundId}` })}
        description={t('seamlessRounds.roundDescription')}
        breadcrumb={<Link to={roundsPathOf(code)}>{t('seamlessRounds.title')}</Link>}
      />
      <SeamlessRound code={code} provider={provider} roundId={roundId} />
    </>
  );
};
