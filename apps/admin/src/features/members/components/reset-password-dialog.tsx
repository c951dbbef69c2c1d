import { type AdminMember, adminMembersEndpoints } from '@tessera/contracts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { CheckIcon, CopyIcon } from '../../../shared/ui/icons';
import { type ResetMemberPasswordInput, useResetMemberPassword } from '../api/reset-member-password';
import styles from './member-dialogs.module.css';
import { ReasonField } from './reason-field';

export interface ResetPasswordDialogProps {
  member: AdminMember;
  onClose: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Resets a member's password with a reason, then shows the temporary password once: it lives only in this
 * dialog's state and is gone when the dialog closes. Render it only while open.
 */
export const ResetPasswordDialog = ({ member, onClose }: ResetPasswordDialogProps) => {
  const { t } = useTranslation();
  const reset = useResetMemberPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const [copyState, setCopyState] = useState<CopyState>('idle');
  const passwordRef = useRef<HTMLInputElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ResetMemberPasswordInput, unknown, ResetMemberPasswordInput>({
    resolver: contractResolver(adminMembersEndpoints.resetMemberPassword.request),
    defaultValues: { reason: '' },
  });

  const handleClose = () => {
    setTemporaryPassword(null);
    reset.reset();
    onClose();
  };

  const handleConfirm = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const { temporaryPassword: password } = await reset.mutateAsync({ id: member.id, input });
      setTemporaryPassword(password);
      reset.reset();
    } catch (error) {
      const unmatched = isApiError(error) ? applyServerFieldErrors(setError, error.fieldErrors) : [];
      if (!isApiError(error) || error.fieldErrors.length === 0 || unmatched.length > 0)
        setFormError(errorCodeOf(error));
    }
  });

  const handleCopy = async () => {
    if (!temporaryPassword) return;
    try {
      await navigator.clipboard.writeText(temporaryPassword);
      setCopyState('copied');
    } catch {
      // No clipboard (an insecure page, or permission refused): select it for the operator to copy.
      passwordRef.current?.select();
      setCopyState('failed');
    }
  };

  if (temporaryPassword !== null) {
    return (
      <Dialog
        isOpen
        title={t('members.temporaryTitle', { account: member.account })}
        onClose={handleClose}
        size="md"
        footer={
          <Button variant="primary" onClick={handleClose}>
            {t('members.temporaryDone')}
          </Button>
        }
      >
        <div className={styles.form} data-testid="temporary-password">
          <Alert tone="warning" title={t('members.temporaryOnce')}>
            {t('members.temporaryOnceText')}
          </Alert>
          <div className={styles.secretRow}>
            <input
              ref={passwordRef}
              className={styles.secret}
              value={temporaryPassword}
              readOnly
              aria-label={t('members.temporaryPassword')}
              onFocus={(event) => event.target.select()}
              data-testid="temporary-password-value"
            />
            <Button icon={copyState === 'copied' ? <CheckIcon /> : <CopyIcon />} onClick={() => void handleCopy()}>
              {copyState === 'copied' ? t('members.copied') : t('members.copy')}
            </Button>
          </div>
          {copyState === 'failed' ? <p className={styles.copyFailed}>{t('members.copyFailed')}</p> : null}
          <ul className={styles.facts}>
            <li>{t('members.temporaryMustChange')}</li>
            <li>{t('members.temporarySessionsEnded')}</li>
          </ul>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      isOpen
      title={t('members.resetTitle', { account: member.account })}
      onClose={handleClose}
      size="md"
      footer={
        <>
          <Button onClick={handleClose} disabled={reset.isPending}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" type="submit" form="reset-password-form" isBusy={reset.isPending}>
            {t('members.resetConfirm')}
          </Button>
        </>
      }
    >
      <form id="reset-password-form" className={styles.form} onSubmit={handleConfirm} noValidate>
        {formError ? (
          <Alert tone="danger" title={t(`errors.${formError}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <p className={styles.text}>{t('members.resetText')}</p>
        <ReasonField id="reset-reason" registration={register('reason')} error={errors.reason} />
      </form>
    </Dialog>
  );
};
