import { useMemo } from 'react';
import { Controller, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../../shared/ui/field';
import { FieldErrorText } from '../../../../shared/ui/field-error-text';
import { Panel } from '../../../../shared/ui/panel';
import { StringListEditor } from '../../../../shared/ui/string-list-editor';
import { SwitchRow } from '../../../../shared/ui/switch-row';
import { LanguagePicker } from './language-picker';
import styles from './sections.module.css';
import { useSettingsForm } from './use-settings-form';

const timeZones = (): string[] => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
};

export interface GeneralSectionProps {
  code: string;
  isReadOnly: boolean;
}

export const GeneralSection = ({ code, isReadOnly }: GeneralSectionProps) => {
  const { t } = useTranslation();
  const {
    register,
    control,
    formState: { errors },
  } = useSettingsForm();
  const supported = useWatch({ control, name: 'supportedLanguages' });
  const defaultLanguage = useWatch({ control, name: 'defaultLanguage' });
  // The current default stays selectable even when it was just unticked below (the error then says why).
  const defaultOptions = supported.includes(defaultLanguage) ? supported : [defaultLanguage, ...supported];
  const zones = useMemo(timeZones, []);
  const described = (name: string) =>
    get(errors, name) ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {};

  return (
    <Panel id="section-general" title={t('settings.general.title')} description={t('settings.general.description')}>
      <div className={styles.grid}>
        <Field label={t('settings.general.code')} htmlFor="merchant-code" hint={t('settings.general.codeHint')}>
          <input id="merchant-code" value={code} readOnly disabled className={styles.mono} />
        </Field>
        <Field label={t('settings.general.name')} htmlFor="name" error={errors.name} isRequired>
          <input id="name" {...register('name')} {...described('name')} />
        </Field>
        <Field
          label={t('settings.general.currency')}
          htmlFor="currency"
          error={errors.currency}
          hint={t('settings.general.currencyHint')}
          isRequired
        >
          <input
            id="currency"
            maxLength={3}
            className={styles.mono}
            {...register('currency', { setValueAs: (value: string) => value.toUpperCase() })}
            {...described('currency')}
          />
        </Field>
        <Field
          label={t('settings.general.timeZone')}
          htmlFor="timeZone"
          error={errors.timeZone}
          hint={t('settings.general.timeZoneHint')}
          isRequired
        >
          <input id="timeZone" list="time-zones" {...register('timeZone')} {...described('timeZone')} />
          <datalist id="time-zones">
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </Field>
        <Field
          label={t('settings.general.mainDomain')}
          htmlFor="mainDomain"
          error={errors.mainDomain}
          hint={t('settings.general.mainDomainHint')}
        >
          <input id="mainDomain" className={styles.mono} {...register('mainDomain')} {...described('mainDomain')} />
        </Field>
        <Field
          label={t('settings.general.defaultLanguage')}
          htmlFor="defaultLanguage"
          error={errors.defaultLanguage}
          hint={t('settings.general.defaultLanguageHint')}
          isRequired
        >
          <select id="defaultLanguage" {...register('defaultLanguage')} {...described('defaultLanguage')}>
            {defaultOptions.map((language) => (
              <option key={language} value={language}>
                {language}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <Controller
        control={control}
        name="enabled"
        render={({ field }) => (
          <SwitchRow
            id="enabled"
            title={t('settings.general.enabled')}
            hint={t('settings.general.enabledHint')}
            isOn={field.value}
            onChange={field.onChange}
            isDisabled={isReadOnly}
          />
        )}
      />

      <div>
        <h3 className={styles.subheading}>{t('settings.general.domains')}</h3>
        <p className={styles.subtext}>{t('settings.general.domainsHint')}</p>
        <Controller
          control={control}
          name="domains"
          render={({ field }) => (
            <StringListEditor
              name="domains"
              label={t('settings.general.domains')}
              values={field.value}
              onChange={field.onChange}
              error={get(errors, 'domains')}
              placeholder="play.example.com"
              normalise={(value) => value.toLowerCase()}
              isDisabled={isReadOnly}
            />
          )}
        />
      </div>

      <div>
        <h3 className={styles.subheading} id="supported-languages-label">
          {t('settings.general.supportedLanguages')}
        </h3>
        <p className={styles.subtext}>{t('settings.general.supportedLanguagesHint')}</p>
        <Controller
          control={control}
          name="supportedLanguages"
          render={({ field }) => (
            <LanguagePicker
              value={field.value}
              onChange={field.onChange}
              isDisabled={isReadOnly}
              labelledBy="supported-languages-label"
            />
          )}
        />
        <FieldErrorText error={errors.supportedLanguages as { message?: string } | undefined} />
      </div>
    </Panel>
  );
};
