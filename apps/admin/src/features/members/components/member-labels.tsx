import type { AdminMember } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { LockIcon, ShieldIcon } from '../../../shared/ui/icons';
import { memberKindOf } from '../lib/member-type';
import styles from './member-labels.module.css';

/** "Agent · 41": the kind of account, with the raw type where the kind has several. */
export const MemberTypeLabel = ({ type }: { type: number }) => {
  const { t } = useTranslation();
  const kind = memberKindOf(type);
  return (
    <span className={styles.type} data-member-type={type}>
      {t(`memberTypes.${kind}`)}
      {kind === 'agent' || kind === 'other' ? <code className={styles.typeCode}>{type}</code> : null}
    </span>
  );
};

/** Locked or active, and a pending forced password change. */
export const MemberStatusBadges = ({ member }: { member: Pick<AdminMember, 'locked' | 'mustChangePassword'> }) => {
  const { t } = useTranslation();
  return (
    <span className={styles.badges}>
      {member.locked ? (
        <Badge tone="danger">
          <LockIcon width={12} height={12} />
          {t('members.locked')}
        </Badge>
      ) : (
        <Badge tone="success">{t('members.active')}</Badge>
      )}
      {member.mustChangePassword ? <Badge tone="warning">{t('members.mustChangePassword')}</Badge> : null}
    </span>
  );
};

export const TwoFactorBadge = ({ isOn }: { isOn: boolean }) => {
  const { t } = useTranslation();
  return isOn ? (
    <Badge tone="info">
      <ShieldIcon width={12} height={12} />
      {t('members.twoFactorOn')}
    </Badge>
  ) : (
    <Badge tone="neutral">{t('members.twoFactorOff')}</Badge>
  );
};
