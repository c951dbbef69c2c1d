import type { KycStatus } from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { toFormError } from '../../../shared/forms/field-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { FormError } from '../../../shared/ui/form/form-error';
import { TextField } from '../../../shared/ui/form/text-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { ProofPicker } from '../../../shared/ui/proof-picker/proof-picker';
import { useKyc, useSubmitKycBasic, useSubmitKycDocuments } from '../api/responsible-gaming';
import styles from '../pages/responsible-gaming-page.module.css';

const BasicForm = ({ status }: { status: KycStatus }) => {
  const { t } = useTranslation('responsible-gaming');
  const submit = useSubmitKycBasic();
  const [fullName, setFullName] = useState(status.fullName ?? '');
  const [birthDate, setBirthDate] = useState(status.birthDate ?? '');
  const [address, setAddress] = useState(status.address ?? '');
  const [saved, setSaved] = useState(false);
  const errorOf = (path: string) => {
    const found = isApiError(submit.error) ? submit.error.fieldErrors.find((error) => error.path === path) : undefined;
    return found ? toFormError({ code: found.code, params: found.params }) : undefined;
  };
  const hasFieldErrors = isApiError(submit.error) && submit.error.fieldErrors.length > 0;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    submit.mutate({ fullName, birthDate, address }, { onSuccess: () => setSaved(true) });
  };
  return (
    <form className={styles.stack} onSubmit={handleSubmit} noValidate data-form="rg-kyc-basic">
      <TextField
        id="kyc-name"
        label={t('kyc_full_name')}
        autoComplete="name"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        error={errorOf('fullName')}
      />
      <TextField
        id="kyc-birth"
        label={t('kyc_birth_date')}
        type="date"
        autoComplete="bday"
        value={birthDate}
        onChange={(event) => setBirthDate(event.target.value)}
        error={errorOf('birthDate')}
      />
      <TextField
        id="kyc-address"
        label={t('kyc_address')}
        autoComplete="street-address"
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        error={errorOf('address')}
      />
      <div>
        <Button type="submit" disabled={submit.isPending}>
          {t('kyc_save_basic')}
        </Button>
      </div>
      {saved ? (
        <Alert tone="success" name="rg-kyc-saved">
          {t('kyc_saved')}
        </Alert>
      ) : null}
      {submit.isError && !hasFieldErrors ? <FormError code={errorKeyOf(submit.error)} /> : null}
    </form>
  );
};

const DocumentsForm = () => {
  const { t } = useTranslation('responsible-gaming');
  const submit = useSubmitKycDocuments();
  const [files, setFiles] = useState<File[]>([]);
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(files, { onSuccess: () => setFiles([]) });
  };
  return (
    <form className={styles.stack} onSubmit={handleSubmit} noValidate data-form="rg-kyc-documents">
      <p className={styles.note}>{t('kyc_documents_text')}</p>
      <ProofPicker
        id="kyc-documents"
        files={files}
        onChange={setFiles}
        addLabel={(left) => t('kyc_documents_add', { left })}
      />
      <div>
        <Button type="submit" disabled={submit.isPending || files.length === 0}>
          {t('kyc_send_documents')}
        </Button>
      </div>
      {submit.isError ? <FormError code={errorKeyOf(submit.error)} /> : null}
    </form>
  );
};

/**
 * Identity check (decision 0102): the member's tier, the withdrawal thresholds, the basic details form and the
 * documents upload; the review's outcome once compliance has decided.
 */
export const IdentityCard = () => {
  const { t } = useTranslation('responsible-gaming');
  const formatMoney = useFormatMoney();
  const kyc = useKyc();
  return (
    <Card title={t('kyc_title')} name="rg-identity">
      {kyc.isPending ? (
        <InlineLoader />
      ) : kyc.isError ? (
        <FormError code={errorKeyOf(kyc.error)} />
      ) : (
        <div className={styles.stack}>
          <p className={styles.note}>{t('kyc_text')}</p>
          <p data-kyc-tier={kyc.data.tier}>
            <strong>{t('kyc_tier', { tier: t(`kyc_tier_${kyc.data.tier}`) })}</strong>
          </p>
          {kyc.data.thresholds.unverifiedMax !== null || kyc.data.thresholds.basicMax !== null ? (
            <ul className={styles.note}>
              {kyc.data.thresholds.unverifiedMax !== null ? (
                <li>
                  {t('kyc_threshold_unverified', {
                    amount: formatMoney(kyc.data.thresholds.unverifiedMax, kyc.data.currency),
                  })}
                </li>
              ) : null}
              {kyc.data.thresholds.basicMax !== null ? (
                <li>
                  {t('kyc_threshold_basic', { amount: formatMoney(kyc.data.thresholds.basicMax, kyc.data.currency) })}
                </li>
              ) : null}
            </ul>
          ) : null}
          {kyc.data.tier === 'full' ? null : <BasicForm status={kyc.data} />}
          {kyc.data.review?.status === 'pending' ? (
            <Alert tone="info" name="rg-kyc-pending">
              {t('kyc_review_pending')}
            </Alert>
          ) : null}
          {kyc.data.review?.status === 'rejected' ? (
            <Alert tone="warning" name="rg-kyc-rejected">
              {t('kyc_review_rejected', { reason: kyc.data.review.reason ?? '' })}
            </Alert>
          ) : null}
          {kyc.data.tier === 'basic' && kyc.data.review?.status !== 'pending' ? <DocumentsForm /> : null}
        </div>
      )}
    </Card>
  );
};
