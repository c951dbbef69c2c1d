import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { ContentManager } from '../../features/content/components/content-manager';
import { merchantQueryOptions } from '../../features/merchants/api/get-merchant';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const contentPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/content`;

/** /content: a merchant's operator goes straight to its content; a platform operator picks the merchant first. */
export const ContentIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="content.write"
      title={t('content.title')}
      description={t('content.pickMerchant')}
      pathOf={contentPathOf}
    />
  );
};

/** /merchants/:code/content: banners, notices, popups, promotions, help and footer per language (owner, content). */
export const ContentPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  // The site's languages, clock and theme overrides come from the merchant's settings.
  const merchant = useQuery({ ...merchantQueryOptions(code), enabled: canOperator(operator.role, 'content.write') });
  if (!canOperator(operator.role, 'content.write')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('content.title')}
        description={t('content.description', { name: merchant.data?.settings.name ?? code })}
        breadcrumb={<Link to="/content">{t('content.title')}</Link>}
      />
      {merchant.isPending ? (
        <LoadingState />
      ) : merchant.isError ? (
        <ErrorState error={merchant.error} onRetry={() => void merchant.refetch()} />
      ) : (
        <ContentManager
          code={merchant.data.code}
          merchantName={merchant.data.settings.name}
          supportedLanguages={merchant.data.settings.supportedLanguages}
          defaultLanguage={merchant.data.settings.defaultLanguage}
          timeZone={merchant.data.settings.timeZone}
          themeTokens={merchant.data.settings.themeTokens}
        />
      )}
    </>
  );
};
