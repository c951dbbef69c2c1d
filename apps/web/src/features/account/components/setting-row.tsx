import { useId } from 'react';
import type { SettingRowProps } from '../../../shared/account/security-card-frame';
import { Button } from '../../../shared/ui/button/button';
import { CheckIcon } from '../../../shared/ui/icons/icons';
import styles from './security-center.module.css';

/** One security setting: what it is, whether it is on, and the form to change it, opened in place. */
export const SettingRow = ({
  name,
  icon,
  title,
  status,
  isOn,
  actionLabel,
  isOpen,
  onToggle,
  notice,
  children,
}: SettingRowProps) => {
  const panelId = useId();
  const titleId = useId();
  return (
    <li className={styles.setting} data-setting={name}>
      <div className={styles.settingRow}>
        <span className={styles.settingIcon} aria-hidden="true">
          {icon}
        </span>
        <div className={styles.settingText}>
          <h3 id={titleId} className={styles.settingTitle}>
            {title}
          </h3>
          <span className={`${styles.status} ${isOn ? styles.on : styles.off}`} data-status={isOn ? 'on' : 'off'}>
            {isOn ? <CheckIcon width={16} height={16} /> : null}
            {status}
          </span>
        </div>
        <Button
          variant={isOpen ? 'secondary' : 'outline'}
          size="sm"
          className={styles.settingAction}
          aria-expanded={isOpen}
          aria-controls={panelId}
          aria-describedby={titleId}
          onClick={onToggle}
        >
          {actionLabel}
        </Button>
      </div>
      {notice && !isOpen ? <div className={styles.done}>{notice}</div> : null}
      {isOpen ? (
        <section id={panelId} className={styles.panel} aria-labelledby={titleId}>
          <div className={styles.panelInner}>{children}</div>
        </section>
      ) : null}
    </li>
  );
};
