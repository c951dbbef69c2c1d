import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { CopyIcon, DownloadIcon } from '../../../shared/ui/icons/icons';
import styles from './security-center.module.css';

export interface RecoveryCodesProps {
  codes: readonly string[];
  onDone: () => void;
}

/** The ten single-use recovery codes, shown once right after enrolment, to copy or download. */
export const RecoveryCodes = ({ codes, onDone }: RecoveryCodesProps) => {
  const { t } = useTranslation('account');
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = codes.join('\n');

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      // No clipboard (plain-http mirror, permission refused): the codes stay on screen to write down.
      setCopyState('failed');
    }
  };

  const handleDownload = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    // Named after the site's address, so members of several sites can tell the files apart.
    link.download = `${window.location.hostname}-recovery-codes.txt`;
    document.body.append(link);
    link.click();
    link.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <>
      <Alert tone="warning" title={t('recovery_codes_title')}>
        {t('recovery_codes_tips')}
      </Alert>
      <ul className={styles.recovery} data-recovery-codes="">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className={styles.buttons}>
        <Button variant="secondary" size="sm" icon={<CopyIcon />} onClick={handleCopy}>
          {t('recovery_codes_copy')}
        </Button>
        <Button variant="secondary" size="sm" icon={<DownloadIcon />} onClick={handleDownload}>
          {t('recovery_codes_download')}
        </Button>
      </div>
      {copyState === 'copied' ? <Alert tone="success">{t('copy_success')}</Alert> : null}
      {copyState === 'failed' ? <Alert tone="warning">{t('copy_failed')}</Alert> : null}
      <Button isBlock onClick={onDone}>
        {t('recovery_codes_saved')}
      </Button>
    </>
  );
};
