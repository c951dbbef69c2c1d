import { Switch } from './switch';
import styles from './switch-row.module.css';

export interface SwitchRowProps {
  id: string;
  title: string;
  hint: string;
  isOn: boolean;
  onChange: (isOn: boolean) => void;
  isDisabled?: boolean;
}

/** A form's on/off setting: its title and what it does on the left, the switch (named by the title) on the right. */
export const SwitchRow = ({ id, title, hint, isOn, onChange, isDisabled = false }: SwitchRowProps) => (
  <div className={styles.row}>
    <div className={styles.text}>
      <span className={styles.title} id={`${id}-label`}>
        {title}
      </span>
      <span className={styles.hint}>{hint}</span>
    </div>
    <Switch id={id} isOn={isOn} onChange={onChange} label={title} isDisabled={isDisabled} />
  </div>
);
