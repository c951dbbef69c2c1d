import styles from './switch.module.css';

export type SwitchSize = 'md' | 'lg';

export interface SwitchProps {
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  label: string;
  /** Shown beside the switch; the label is also its accessible name. */
  isLabelVisible?: boolean;
  size?: SwitchSize;
  tone?: 'accent' | 'warning' | 'danger';
  isDisabled?: boolean;
  id?: string;
}

export const Switch = ({
  isOn,
  onChange,
  label,
  isLabelVisible = false,
  size = 'md',
  tone = 'accent',
  isDisabled = false,
  id,
}: SwitchProps) => (
  <button
    type="button"
    role="switch"
    id={id}
    aria-checked={isOn}
    aria-label={isLabelVisible ? undefined : label}
    disabled={isDisabled}
    className={[styles.switch, styles[size], styles[tone]].join(' ')}
    onClick={() => onChange(!isOn)}
  >
    <span className={styles.track} aria-hidden="true">
      <span className={styles.thumb} />
    </span>
    {isLabelVisible ? <span className={styles.label}>{label}</span> : null}
  </button>
);
