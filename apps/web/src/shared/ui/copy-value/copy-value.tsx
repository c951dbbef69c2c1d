import { useTranslation } from 'react-i18next';
import { useCopy } from '../../hooks/use-copy';
import { CheckIcon, CopyIcon } from '../icons/icons';
import styles from './copy-value.module.css';

/** A value the member copies elsewhere (an account number, an address), with a copy button. */
export const CopyValue = ({ value, name }: { value: string; name?: string }) => {
  const { t } = useTranslation();
  // Without a clipboard (insecure page, denied) the value stays selectable by hand.
  const { state, copy } = useCopy();
  const isCopied = state === 'copied';
  return (
    <span className={styles.copy} data-copy={name}>
      <span className={styles.value} dir="ltr">
        {value}
      </span>
      <button
        type="button"
        className={styles.button}
        aria-label={isCopied ? t('copy_success') : t('copy_value')}
        title={isCopied ? t('copy_success') : t('copy_value')}
        onClick={() => void copy(value)}
      >
        {isCopied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </span>
  );
};
