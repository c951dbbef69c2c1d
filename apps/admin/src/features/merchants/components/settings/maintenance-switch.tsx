import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../shared/ui/badge';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { Switch } from '../../../../shared/ui/switch';
import styles from './maintenance-switch.module.css';

export interface MaintenanceSwitchProps {
  /** The saved state (not the draft): the switch saves on its own. */
  isOn: boolean;
  merchantName: string;
  isReadOnly: boolean;
  isBusy: boolean;
  /** Saves the new state; a failure is reported by the caller (see `error`). */
  onSwitch: (isOn: boolean) => Promise<void>;
  /** Error code of the last failed switch. */
  error: string | null;
}

/** The big maintenance switch: asks first, then saves at once, independent of the rest of the form. */
export const MaintenanceSwitch = ({
  isOn,
  merchantName,
  isReadOnly,
  isBusy,
  onSwitch,
  error,
}: MaintenanceSwitchProps) => {
  const { t } = useTranslation();
  const [pending, setPending] = useState<boolean | null>(null);

  const handleConfirm = async () => {
    if (pending === null) return;
    await onSwitch(pending);
    setPending(null);
  };

  return (
    <div className={styles.card} data-on={isOn || undefined} data-testid="maintenance-card">
      <div className={styles.text}>
        <div className={styles.titleRow}>
          <h3 className={styles.title} id="maintenance-switch-label">
            {t('settings.siteStatus.maintenance')}
          </h3>
          {isOn ? (
            <Badge tone="warning">{t('settings.siteStatus.maintenanceOn')}</Badge>
          ) : (
            <Badge tone="success">{t('settings.siteStatus.maintenanceOff')}</Badge>
          )}
        </div>
        <p className={styles.hint}>{isOn ? t('settings.siteStatus.onHint') : t('settings.siteStatus.offHint')}</p>
        {error ? (
          <p className={styles.error} role="alert">
            {t(`errors.${error}`, { defaultValue: t('errors.unknown_error') })}
          </p>
        ) : null}
      </div>
      <Switch
        id="maintenance-switch"
        size="lg"
        tone="warning"
        isOn={isOn}
        label={t('settings.siteStatus.maintenance')}
        isDisabled={isReadOnly || isBusy}
        onChange={(next) => setPending(next)}
      />
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending ? t('settings.siteStatus.confirmOnTitle') : t('settings.siteStatus.confirmOffTitle')}
        confirmLabel={pending ? t('settings.siteStatus.confirmOn') : t('settings.siteStatus.confirmOff')}
        tone={pending ? 'danger' : 'primary'}
        isBusy={isBusy}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending
            ? t('settings.siteStatus.confirmOnText', { name: merchantName })
            : t('settings.siteStatus.confirmOffText', { name: merchantName })}
        </p>
      </ConfirmDialog>
    </div>
  );
};
