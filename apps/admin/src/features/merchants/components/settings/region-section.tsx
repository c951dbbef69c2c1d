import { Controller, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../../../shared/ui/panel';
import { StringListEditor } from '../../../../shared/ui/string-list-editor';
import { useSiteStatus } from '../../api/get-site-status';
import styles from './region-section.module.css';
import sections from './sections.module.css';
import { useSettingsForm } from './use-settings-form';

type RegionList = 'allowedIpRanges' | 'blockedIpRanges' | 'allowedCountries' | 'blockedCountries';

const lists: { name: RegionList; kind: 'ip' | 'country' }[] = [
  { name: 'allowedIpRanges', kind: 'ip' },
  { name: 'blockedIpRanges', kind: 'ip' },
  { name: 'allowedCountries', kind: 'country' },
  { name: 'blockedCountries', kind: 'country' },
];

export interface RegionSectionProps {
  code: string;
  isReadOnly: boolean;
}

/** Who may reach the site: country lists (ISO 3166 alpha-2) and IP lists (addresses or CIDR ranges). */
export const RegionSection = ({ code, isReadOnly }: RegionSectionProps) => {
  const { t } = useTranslation();
  const {
    control,
    formState: { errors },
  } = useSettingsForm();
  const status = useSiteStatus(code);

  return (
    <Panel id="section-region" title={t('settings.region.title')} description={t('settings.region.description')}>
      <div className={styles.rules}>
        <h3 className={styles.rulesTitle}>{t('settings.region.precedenceTitle')}</h3>
        <ol className={styles.ruleList}>
          <li>{t('settings.region.rule1')}</li>
          <li>{t('settings.region.rule2')}</li>
          <li>{t('settings.region.rule3')}</li>
          <li>{t('settings.region.rule4')}</li>
        </ol>
        {status.data ? (
          <p className={styles.you}>
            {t('settings.region.you', {
              ip: status.data.location.ip,
              country: status.data.location.country ?? t('settings.live.unknownCountry'),
            })}
          </p>
        ) : null}
      </div>
      <div className={sections.pair}>
        {lists.map(({ name, kind }) => (
          <div key={name}>
            <h3 className={sections.subheading}>{t(`settings.region.${name}`)}</h3>
            <p className={sections.subtext}>{t(`settings.region.${name}Hint`)}</p>
            <Controller
              control={control}
              name={`region.${name}`}
              render={({ field }) => (
                <StringListEditor
                  name={`region.${name}`}
                  label={t(`settings.region.${name}`)}
                  values={field.value}
                  onChange={field.onChange}
                  error={get(errors, `region.${name}`)}
                  placeholder={kind === 'ip' ? '203.0.113.0/24' : 'SG'}
                  normalise={kind === 'country' ? (value) => value.toUpperCase() : undefined}
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
