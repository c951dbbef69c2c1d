import { formatUtcOffset, isValidTimeZone } from '@tessera/contracts';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorAt } from '../../../../shared/forms/field-error-at';
import { Button } from '../../../../shared/ui/button';
import { ZonedDateTimeField } from '../../../../shared/ui/zoned-date-time-field';
import styles from './sections.module.css';
import { useSettingsForm } from './use-settings-form';

export interface MaintenanceWindowFieldsProps {
  isReadOnly: boolean;
}

/**
 * The scheduled maintenance window, entered on the merchant's clock (its time zone setting) and stored as UTC
 * instants. Both ends or neither.
 */
export const MaintenanceWindowFields = ({ isReadOnly }: MaintenanceWindowFieldsProps) => {
  const { t } = useTranslation();
  const {
    control,
    setValue,
    formState: { errors },
  } = useSettingsForm();
  const formZone = useWatch({ control, name: 'timeZone' });
  const startAt = useWatch({ control, name: 'maintenance.startAt' });
  const endAt = useWatch({ control, name: 'maintenance.endAt' });
  const timeZone = isValidTimeZone(formZone) ? formZone : 'UTC';
  const offset = formatUtcOffset(Date.parse(startAt ?? '') || Date.now(), timeZone);

  const renderEnd = (name: 'maintenance.startAt' | 'maintenance.endAt', label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ZonedDateTimeField
          id={name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          timeZone={timeZone}
          error={fieldErrorAt(errors, name)}
          emptyHint={t('settings.siteStatus.notScheduled')}
          isDisabled={isReadOnly}
        />
      )}
    />
  );

  return (
    <div>
      <h3 className={styles.subheading}>{t('settings.siteStatus.window')}</h3>
      <p className={styles.subtext}>
        {t('settings.siteStatus.windowHint', { timeZone, offset })}{' '}
        {isValidTimeZone(formZone) ? null : t('settings.siteStatus.windowUtcFallback')}
      </p>
      <p className={styles.subtext}>{t('settings.siteStatus.windowRule')}</p>
      <div className={styles.grid}>
        {renderEnd('maintenance.startAt', t('settings.siteStatus.startAt'))}
        {renderEnd('maintenance.endAt', t('settings.siteStatus.endAt'))}
      </div>
      {startAt || endAt ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={isReadOnly}
          onClick={() => {
            setValue('maintenance.startAt', null, { shouldDirty: true });
            setValue('maintenance.endAt', null, { shouldDirty: true });
          }}
        >
          {t('settings.siteStatus.clearWindow')}
        </Button>
      ) : null}
    </div>
  );
};
