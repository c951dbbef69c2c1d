import { useTranslation } from 'react-i18next';
import { Panel } from '../../../../shared/ui/panel';
import { RowListEditor } from './row-list-editor';

export interface ResourcesSectionProps {
  isReadOnly: boolean;
}

/** Known resource types (api-facts 7.1); any other type is fine too. */
const resourceTypes = ['Android', 'WHATSAPP', 'FACEBOOK', 'INSTAGRAM', 'TELEGRAM'] as const;

export const ResourcesSection = ({ isReadOnly }: ResourcesSectionProps) => {
  const { t } = useTranslation();
  return (
    <Panel
      id="section-resources"
      title={t('settings.resources.title')}
      description={t('settings.resources.description')}
    >
      <RowListEditor
        name="resources"
        max={50}
        isReadOnly={isReadOnly}
        addLabel={t('settings.resources.add')}
        emptyLabel={t('settings.resources.empty')}
        newRow={{ resourceType: '', url: '', labelNameEn: '' }}
        columns={[
          { key: 'resourceType', label: t('settings.resources.type'), suggestions: resourceTypes, isMono: true },
          { key: 'labelNameEn', label: t('settings.resources.label') },
          { key: 'url', label: t('settings.resources.url'), placeholder: 'https://', inputMode: 'url', isMono: true },
        ]}
      />
    </Panel>
  );
};
