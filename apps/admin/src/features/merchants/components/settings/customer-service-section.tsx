import { useTranslation } from 'react-i18next';
import { Panel } from '../../../../shared/ui/panel';
import { RowListEditor } from './row-list-editor';

export interface CustomerServiceSectionProps {
  isReadOnly: boolean;
}

export const CustomerServiceSection = ({ isReadOnly }: CustomerServiceSectionProps) => {
  const { t } = useTranslation();
  return (
    <Panel
      id="section-customerService"
      title={t('settings.customerService.title')}
      description={t('settings.customerService.description')}
    >
      <RowListEditor
        name="customerService"
        max={20}
        isReadOnly={isReadOnly}
        addLabel={t('settings.customerService.add')}
        emptyLabel={t('settings.customerService.empty')}
        newRow={{ csType: 'LIVECHAT', title: '', url: '' }}
        columns={[
          {
            key: 'csType',
            label: t('settings.customerService.csType'),
            suggestions: ['LIVECHAT', 'TELEGRAM'],
            isMono: true,
          },
          { key: 'title', label: t('settings.customerService.entryTitle') },
          {
            key: 'url',
            label: t('settings.customerService.url'),
            placeholder: 'https://',
            inputMode: 'url',
            isMono: true,
          },
        ]}
      />
    </Panel>
  );
};
