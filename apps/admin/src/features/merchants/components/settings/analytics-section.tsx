import { Controller, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../shared/ui/field';
import { Panel } from '../../../../shared/ui/panel';
import { StringListEditor } from '../../../../shared/ui/string-list-editor';
import sections from './sections.module.css';
import { useSettingsForm } from './use-settings-form';

export interface AnalyticsSectionProps {
  isReadOnly: boolean;
}

export const AnalyticsSection = ({ isReadOnly }: AnalyticsSectionProps) => {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useSettingsForm();
  const gtagError = errors.analytics?.gtagId;
  return (
    <Panel
      id="section-analytics"
      title={t('settings.analytics.title')}
      description={t('settings.analytics.description')}
    >
      <div className={sections.grid}>
        <Field
          label={t('settings.analytics.gtagId')}
          htmlFor="analytics.gtagId"
          error={gtagError}
          hint={t('settings.analytics.gtagIdHint')}
        >
          <input
            id="analytics.gtagId"
            className={sections.mono}
            placeholder="G-XXXXXXXXXX"
            aria-invalid={gtagError ? true : undefined}
            aria-describedby={gtagError ? 'analytics.gtagId-error' : undefined}
            {...register('analytics.gtagId', {
              setValueAs: (value: string | null) => (value === null || value.trim() === '' ? null : value),
            })}
          />
        </Field>
      </div>
      <div className={sections.pair}>
        {(['imageCDNs', 'launchGameCDNs'] as const).map((name) => (
          <div key={name}>
            <h3 className={sections.subheading}>{t(`settings.analytics.${name}`)}</h3>
            <p className={sections.subtext}>{t(`settings.analytics.${name}Hint`)}</p>
            <Controller
              control={control}
              name={name}
              render={({ field }) => (
                <StringListEditor
                  name={name}
                  label={t(`settings.analytics.${name}`)}
                  values={field.value}
                  onChange={field.onChange}
                  error={get(errors, name)}
                  placeholder="https://cdn.example.com/"
                  inputMode="url"
                  isDisabled={isReadOnly}
                />
              )}
            />
          </div>
        ))}
      </div>
    </Panel>
  );
};
