import { type AdminMember, adminMembersEndpoints } from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { type LockMemberInput, useLockMember } from '../api/lock-member';
import styles from './member-dialogs.module.css';
import { ReasonField } from './reason-field';

export interface LockMemberDialogProps {
  member: AdminMember;
  onClose: () => void;
}

/** Locks an active member or unlocks a locked one, with a reason. Render it only while open. */
export const LockMemberDialog = ({ member, onClose }: LockMemberDialogProps) => {
  const { t } = useTranslation();
  const lock = useLockMember();
  const willLock = !member.locked;
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LockMemberInput, unknown, LockMemberInput>({
    resolver: contractResolver(adminMembersEndpoints.lockMember.request),
    defaultValues: { locked: willLock, reason: '' },
  });

  const handleConfirm = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await lock.mutateAsync({ id: member.id, input });
      onClose();
    } catch (error) {
      const unmatched = isApiError(error) ? applyServerFieldErrors(setError, error.fieldErrors) : [];
      if (!isApiError(error) || error.fieldErrors.length === 0 || unmatched.length > 0)
        setFormError(errorCodeOf(error));
    }
  });

  return (
    <Dialog
      isOpen
      title={t(willLock ? 'members.lockTitle' : 'members.unlockTitle', { account: member.account })}
      onClose={onClose}
      size="md"
      footer={
        <>
          <Button onClick={onClose} disabled={lock.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant={willLock ? 'danger' : 'primary'}
            type="submit"
            form="lock-member-form"
            isBusy={lock.isPending}
          >
            {t(willLock ? 'members.lockConfirm' : 'members.unlockConfirm')}
          </Button>
        </>
      }
    >
      <form id="lock-member-form" className={styles.form} onSubmit={handleConfirm} noValidate>
        {formError ? (
          <Alert tone="danger" title={t(`errors.${formError}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <p className={styles.text}>{t(willLock ? 'members.lockText' : 'members.unlockText')}</p>
        <ReasonField id="lock-reason" registration={register('reason')} error={errors.reason} />
      </form>
    </Dialog>
  );
};
