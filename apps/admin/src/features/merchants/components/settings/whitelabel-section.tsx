import { Controller, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../../shared/ui/panel';
import { useSettingsForm } from './use-settings-form';
import { WhitelabelTreeEditor } from './whitelabel-tree-editor';

export interface WhitelabelSectionProps {
  isReadOnly: boolean;
}

export const WhitelabelSection = ({ isReadOnly }: WhitelabelSectionProps) => {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useSettingsForm();
  return (
    <Panel
      id="section-whitelabel"
      title={t('settings.whitelabel.title')}
      description={t('settings.whitelabel.description')}
    >
      <Controller
        control={control}
        name="whitelabel"
        render={({ field }) => (
          <WhitelabelTreeEditor
            nodes={field.value}
            onChange={field.onChange}
            errors={get(errors, 'whitelabel')}
            isDisabled={isReadOnly}
          />
        )}
      />
    </Panel>
  );
};
