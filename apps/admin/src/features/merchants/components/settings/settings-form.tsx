import {
  type FieldError,
  type MerchantDetail,
  type MerchantSettings,
  merchantSettingsSchema,
} from '@tessera/contracts';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { errorCodeOf, isApiError } from '../../../../shared/api/api-error';
import { collectErrorPaths } from '../../../../shared/forms/collect-error-paths';
import { contractResolver } from '../../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../../shared/forms/server-field-errors';
import { useUpdateMerchant } from '../../api/update-merchant';
import type { SettingsFormValues } from '../../lib/settings-form-values';
import { countErrorsBySection } from '../../lib/settings-sections';
import { AnalyticsSection } from './analytics-section';
import { CustomerServiceSection } from './customer-service-section';
import { DomainRoutesSection } from './domain-routes-section';
import { GeneralSection } from './general-section';
import { LoginVerificationSection } from './login-verification-section';
import { RegionSection } from './region-section';
import { RegistrationSection } from './registration-section';
import { ResourcesSection } from './resources-section';
import { SaveBar } from './save-bar';
import { SaveProblems } from './save-problems';
import { SectionNav } from './section-nav';
import styles from './settings-form.module.css';
import { SiteStatusSection } from './site-status-section';
import { ThemeSection } from './theme-section';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { WhitelabelSection } from './whitelabel-section';
import { WithdrawalSection } from './withdrawal-section';

export interface SettingsFormProps {
  detail: MerchantDetail;
  canEdit: boolean;
  /** Reads the merchant again (after a `conflict`). */
  onReload: () => Promise<MerchantDetail | undefined>;
}

const settingsResolver = contractResolver<SettingsFormValues, MerchantSettings>(merchantSettingsSchema);

/**
 * The merchant settings editor. The form holds a draft over the version it read; Save sends the whole settings
 * with that version (the server answers `conflict` if someone saved in between). The maintenance switch saves
 * on its own, at once.
 */
export const SettingsForm = ({ detail, canEdit, onReload }: SettingsFormProps) => {
  const [base, setBase] = useState(detail);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [maintenanceError, setMaintenanceError] = useState<string | null>(null);
  const [unmatched, setUnmatched] = useState<FieldError[]>([]);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const update = useUpdateMerchant();
  const form = useForm<SettingsFormValues, unknown, MerchantSettings>({
    resolver: settingsResolver,
    defaultValues: detail.settings,
    disabled: !canEdit,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const {
    handleSubmit,
    reset,
    resetField,
    setError,
    formState: { errors, isDirty },
  } = form;
  const errorCounts = countErrorsBySection(collectErrorPaths(errors));

  const reportFailure = (error: unknown): string => {
    if (isApiError(error) && error.fieldErrors.length > 0) {
      setUnmatched(applyServerFieldErrors(setError, error.fieldErrors, 'settings'));
    }
    return errorCodeOf(error);
  };

  const handleSave = handleSubmit(
    async (settings) => {
      setSaveError(null);
      setUnmatched([]);
      setSavedVersion(null);
      try {
        const next = await update.mutateAsync({ code: base.code, version: base.version, settings });
        setBase(next);
        reset(next.settings);
        setSavedVersion(next.version);
      } catch (error) {
        setSaveError(reportFailure(error));
      }
    },
    () => {
      setSavedVersion(null);
      setSaveError('validation_failed');
    },
  );

  const handleMaintenanceSwitch = async (isOn: boolean) => {
    setMaintenanceError(null);
    try {
      const next = await update.mutateAsync({
        code: base.code,
        version: base.version,
        settings: { ...base.settings, maintenance: { ...base.settings.maintenance, enabled: isOn } },
      });
      setBase(next);
      // Only this field follows the new version; other edits in progress stay as they are.
      resetField('maintenance.enabled', { defaultValue: next.settings.maintenance.enabled });
    } catch (error) {
      const code = reportFailure(error);
      setMaintenanceError(code);
      if (code === 'conflict') setSaveError(code);
    }
  };

  const handleReload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    setBase(fresh);
    reset(fresh.settings);
    setSaveError(null);
    setMaintenanceError(null);
    setUnmatched([]);
  };

  const isReadOnly = !canEdit;

  return (
    <FormProvider {...form}>
      <form className={styles.form} onSubmit={handleSave} noValidate data-version={base.version}>
        <div className={styles.layout}>
          <SectionNav errorCounts={errorCounts} />
          <div className={styles.sections}>
            <SaveProblems
              errorCode={saveError}
              errorCounts={errorCounts}
              unmatched={unmatched}
              onReload={() => void handleReload()}
            />
            <GeneralSection code={base.code} isReadOnly={isReadOnly} />
            <SiteStatusSection
              code={base.code}
              isReadOnly={isReadOnly}
              maintenance={{
                isOn: base.settings.maintenance.enabled,
                merchantName: base.settings.name,
                isBusy: update.isPending,
                onSwitch: handleMaintenanceSwitch,
                error: maintenanceError,
              }}
            />
            <RegionSection code={base.code} isReadOnly={isReadOnly} />
            <WhitelabelSection isReadOnly={isReadOnly} />
            <RegistrationSection isReadOnly={isReadOnly} />
            <LoginVerificationSection isReadOnly={isReadOnly} />
            <WithdrawalSection isReadOnly={isReadOnly} />
            <CustomerServiceSection isReadOnly={isReadOnly} />
            <DomainRoutesSection isReadOnly={isReadOnly} />
            <ResourcesSection isReadOnly={isReadOnly} />
            <ThemeSection merchantName={base.settings.name} isReadOnly={isReadOnly} />
            <AnalyticsSection isReadOnly={isReadOnly} />
          </div>
        </div>
        <SaveBar
          isReadOnly={isReadOnly}
          isDirty={isDirty}
          isSaving={update.isPending}
          version={base.version}
          updatedAt={base.updatedAt}
          savedVersion={savedVersion}
          hasErrors={saveError !== null}
          onDiscard={() => {
            reset(base.settings);
            setSaveError(null);
            setUnmatched([]);
          }}
        />
        <UnsavedChangesGuard isDirty={isDirty && !update.isPending} />
      </form>
    </FormProvider>
  );
};
