import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { CrownIcon } from '../../../shared/ui/icons/icons';
import { VisuallyHidden } from '../../../shared/ui/visually-hidden/visually-hidden';
import styles from './vip-label.module.css';

/**
 * The member's VIP label (spec section 2 "Header and footer"): a crown and the level's name, read as "VIP level 2:
 * Silver". Nothing while VIP is off or no level is reached yet.
 */
export const VipLabel = () => {
  const { t } = useTranslation();
  const isOn = usePublicStore((state) => state.whitelabel.VIP3 === true);
  const level = usePublicStore((state) => state.vipRankLevel);
  const name = usePublicStore((state) => state.vipLabelName);
  if (!isOn || level === 0 || !name) return null;
  return (
    <span className={styles.label} data-vip-label={level}>
      <CrownIcon className={styles.icon} aria-hidden="true" />
      <VisuallyHidden>{t('vip_level_n', { level })}</VisuallyHidden>
      <bdi className={styles.name}>{name}</bdi>
    </span>
  );
};
