import type { Operator } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canOperator } from '../../../shared/permissions/operator-permissions';
import { Button } from '../../../shared/ui/button';
import { KeyIcon, LockIcon, UnlockIcon } from '../../../shared/ui/icons';
import { PageHeader } from '../../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { useMember } from '../api/get-member';
import { LockMemberDialog } from './lock-member-dialog';
import { LoginHistory } from './login-history';
import styles from './member-detail.module.css';
import { MemberStatusBadges } from './member-labels';
import { MemberProfile } from './member-profile';
import { ResetPasswordDialog } from './reset-password-dialog';

export interface MemberDetailProps {
  id: string;
  actor: Operator;
  /** Where "Members" in the breadcrumb leads: the search the operator came from. */
  backTo: string;
}

type OpenDialog = 'lock' | 'reset' | null;

/** One member: facts, login history and the actions the operator's role allows. */
export const MemberDetail = ({ id, actor, backTo }: MemberDetailProps) => {
  const { t } = useTranslation();
  const member = useMember(id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const canLock = canOperator(actor.role, 'member.lock');
  const canReset = canOperator(actor.role, 'member.resetPassword');
  const breadcrumb = <Link to={backTo}>{t('members.title')}</Link>;

  if (member.isPending) {
    return (
      <>
        <PageHeader title={t('members.memberTitle')} breadcrumb={breadcrumb} />
        <LoadingState />
      </>
    );
  }
  if (member.isError) {
    return (
      <>
        <PageHeader title={t('members.memberTitle')} breadcrumb={breadcrumb} />
        <ErrorState error={member.error} onRetry={() => void member.refetch()} />
      </>
    );
  }

  const { member: current, logins } = member.data;
  return (
    <>
      <PageHeader
        breadcrumb={breadcrumb}
        title={
          <>
            <span className={styles.account}>{current.account}</span>
            <MemberStatusBadges member={current} />
          </>
        }
        description={t('members.detailDescription', { merchant: current.merchantCode })}
        actions={
          canLock || canReset ? (
            <>
              {canLock ? (
                <Button
                  variant={current.locked ? 'secondary' : 'danger'}
                  icon={current.locked ? <UnlockIcon /> : <LockIcon />}
                  onClick={() => setDialog('lock')}
                >
                  {t(current.locked ? 'members.unlock' : 'members.lock')}
                </Button>
              ) : null}
              {canReset ? (
                <Button icon={<KeyIcon />} onClick={() => setDialog('reset')}>
                  {t('members.resetPassword')}
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <div className={styles.sections}>
        {current.locked ? (
          <p className={styles.lockedNote} role="status">
            <LockIcon />
            {t('members.lockedNote')}
          </p>
        ) : null}
        <MemberProfile member={current} />
        <LoginHistory logins={logins} />
        {canLock ? null : <p className={styles.roleNote}>{t('members.lockRoleNote')}</p>}
        {canReset ? null : <p className={styles.roleNote}>{t('members.resetRoleNote')}</p>}
      </div>
      {dialog === 'lock' ? <LockMemberDialog member={current} onClose={() => setDialog(null)} /> : null}
      {dialog === 'reset' ? <ResetPasswordDialog member={current} onClose={() => setDialog(null)} /> : null}
    </>
  );
};
