import { useTranslation } from 'react-i18next';
import { Panel } from '../../../../shared/ui/panel';
import { RowListEditor } from './row-list-editor';

export interface DomainRoutesSectionProps {
  isReadOnly: boolean;
}

export const DomainRoutesSection = ({ isReadOnly }: DomainRoutesSectionProps) => {
  const { t } = useTranslation();
  return (
    <Panel
      id="section-domainRoutes"
      title={t('settings.domainRoutes.title')}
      description={t('settings.domainRoutes.description')}
    >
      <RowListEditor
        name="domainRoutes"
        max={50}
        isReadOnly={isReadOnly}
        addLabel={t('settings.domainRoutes.add')}
        emptyLabel={t('settings.domainRoutes.empty')}
        newRow={{ name: '', url: '' }}
        columns={[
          { key: 'name', label: t('settings.domainRoutes.name') },
          {
            key: 'url',
            label: t('settings.domainRoutes.url'),
            placeholder: 'https://',
            inputMode: 'url',
            isMono: true,
          },
        ]}
      />
    </Panel>
  );
};
