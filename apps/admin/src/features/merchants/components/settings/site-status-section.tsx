import { useTranslation } from 'react-i18next';
import { Panel } from '../../../../shared/ui/panel';
import { LiveStatusCard } from './live-status-card';
import { MaintenanceSwitch, type MaintenanceSwitchProps } from './maintenance-switch';
import { MaintenanceWindowFields } from './maintenance-window-fields';

export interface SiteStatusSectionProps {
  code: string;
  maintenance: Omit<MaintenanceSwitchProps, 'isReadOnly'>;
  isReadOnly: boolean;
}

export const SiteStatusSection = ({ code, maintenance, isReadOnly }: SiteStatusSectionProps) => {
  const { t } = useTranslation();
  return (
    <Panel
      id="section-siteStatus"
      title={t('settings.siteStatus.title')}
      description={t('settings.siteStatus.description')}
    >
      <MaintenanceSwitch {...maintenance} isReadOnly={isReadOnly} />
      <LiveStatusCard code={code} />
      <MaintenanceWindowFields isReadOnly={isReadOnly} />
    </Panel>
  );
};
