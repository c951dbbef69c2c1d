import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../../shared/ui/badge';
import { PageHeader } from '../../../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../../../shared/ui/page-state';
import { useMerchant } from '../../api/get-merchant';
import { SettingsForm } from './settings-form';

export interface MerchantSettingsEditorProps {
  code: string;
  canEdit: boolean;
}

export const MerchantSettingsEditor = ({ code, canEdit }: MerchantSettingsEditorProps) => {
  const { t } = useTranslation();
  const merchant = useMerchant(code);
  if (merchant.isPending) return <LoadingState />;
  if (merchant.isError) return <ErrorState error={merchant.error} onRetry={() => void merchant.refetch()} />;
  const { settings } = merchant.data;
  return (
    <>
      <PageHeader
        breadcrumb={
          <>
            <Link to="/merchants">{t('nav.merchants')}</Link> / <span>{code}</span>
          </>
        }
        title={
          <>
            {settings.name}
            {settings.enabled ? null : <Badge tone="neutral">{t('merchants.disabled')}</Badge>}
            {settings.maintenance.enabled ? <Badge tone="warning">{t('merchants.maintenance')}</Badge> : null}
          </>
        }
        description={t('settings.pageDescription')}
      />
      <SettingsForm
        key={code}
        detail={merchant.data}
        canEdit={canEdit}
        onReload={async () => (await merchant.refetch()).data}
      />
    </>
  );
};
