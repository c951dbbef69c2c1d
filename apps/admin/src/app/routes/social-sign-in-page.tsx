import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { SocialSignInProviders } from '../../features/social-sign-in/components/social-sign-in-providers';
import { SocialSignInTelegram } from '../../features/social-sign-in/components/social-sign-in-telegram';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';
import { MerchantIndexPage } from './merchant-index-page';

const socialSignInPathOf = (code: string) => `/merchants/${encodeURIComponent(code)}/social-sign-in`;

/** /social-sign-in: a merchant's sign-in providers, or a merchant to pick first. */
export const SocialSignInIndexPage = () => {
  const { t } = useTranslation();
  return (
    <MerchantIndexPage
      permission="socialSignIn.read"
      title={t('socialSignIn.title')}
      description={t('socialSignIn.pickMerchant')}
      pathOf={socialSignInPathOf}
    />
  );
};

/** /merchants/:code/social-sign-in: the merchant's OpenID Connect providers (owner changes them). */
export const SocialSignInPage = () => {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const operator = useCurrentOperator();
  if (!canOperator(operator.role, 'socialSignIn.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('socialSignIn.title')}
        description={t('socialSignIn.description', { code })}
        breadcrumb={<Link to="/social-sign-in">{t('socialSignIn.title')}</Link>}
      />
      <SocialSignInProviders code={code} canManage={canOperator(operator.role, 'socialSignIn.manage')} />
      <SocialSignInTelegram code={code} canManage={canOperator(operator.role, 'socialSignIn.manage')} />
    </>
  );
};
