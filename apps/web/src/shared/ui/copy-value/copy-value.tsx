import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '../icons/icons';
import styles from './copy-value.module.css';

/** A value the member copies elsewhere (an account number, an address), with a copy button. */
export const CopyValue = ({ value, name }: { value: string; name?: string }) => {
  const { t } = useTranslation();
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (insecure page, denied): the value stays selectable by hand.
    }
  };
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
        onClick={handleCopy}
      >
        {isCopied ? <CheckIcon /> : <CopyIcon />}
      </button>
    </span>
  );
};
