import { useTranslation } from 'react-i18next';
import { useCopy } from '../../../shared/hooks/use-copy';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { TextField } from '../../../shared/ui/form/text-field';
import { CheckIcon, CopyIcon, MailIcon, MessageIcon, SocialSendIcon } from '../../../shared/ui/icons/icons';
import { QrCode } from '../../../shared/ui/qr-code/qr-code';
import { QR_DEFAULT_MARGIN, QR_DEFAULT_SIZE } from '../../../shared/ui/qr-code/qr-options';
import { referralLinkOf, type ShareTarget, shareHrefOf } from '../referral-link';
import styles from './referral.module.css';

export interface ReferralLinkCardProps {
  referralCode: string;
  /** The site's name, in the message sent with the link. */
  siteName: string;
}

const shareTargets: readonly { target: ShareTarget; app: string; icon: typeof MailIcon }[] = [
  { target: 'telegram', app: 'Telegram', icon: SocialSendIcon },
  { target: 'whatsapp', app: 'WhatsApp', icon: MessageIcon },
];

/**
 * The member's referral link on this site with its copy and share buttons (the device's share sheet where it has
 * one, messaging apps and e-mail always), and its QR code (spec section 9's default size and margin).
 */
export const ReferralLinkCard = ({ referralCode, siteName }: ReferralLinkCardProps) => {
  const { t } = useTranslation('referral');
  const { state, copy } = useCopy();
  const link = referralLinkOf(window.location.origin, referralCode);
  const message = t('referral_share_text', { site: siteName });
  const canShare = typeof navigator.share === 'function';
  const handleShare = () => {
    // A dismissed share sheet rejects: nothing to report.
    navigator.share({ title: siteName, text: message, url: link }).catch(() => {});
  };
  return (
    <Card title={t('referral_link_title')} name="referral-link">
      <div className={styles.linkLayout}>
        <div className={styles.linkColumn}>
          <p className={styles.muted}>{t('referral_link_intro')}</p>
          <TextField
            id="referral-link"
            label={t('referral_link_label')}
            className={styles.linkInput}
            value={link}
            readOnly
            dir="ltr"
            onFocus={(event) => event.currentTarget.select()}
            data-referral-link=""
          />
          <div className={styles.actions}>
            <Button icon={state === 'copied' ? <CheckIcon /> : <CopyIcon />} onClick={() => void copy(link)}>
              {state === 'copied' ? t('referral_copied') : t('referral_copy')}
            </Button>
            {canShare ? (
              <Button variant="outline" icon={<SocialSendIcon />} onClick={handleShare}>
                {t('referral_share')}
              </Button>
            ) : null}
            <span className={styles.status} role="status" data-copy-status={state}>
              {state === 'copied' ? t('referral_copied') : state === 'failed' ? t('referral_copy_failed') : ''}
            </span>
          </div>
          <div className={styles.shareRow}>
            <span className={styles.muted}>{t('referral_share_via')}</span>
            <ul className={styles.shareList}>
              {shareTargets.map(({ target, app, icon: Icon }) => (
                <li key={target}>
                  <a
                    className={styles.shareLink}
                    href={shareHrefOf(target, link, message)}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('referral_share_on', { app })}
                    data-share={target}
                  >
                    <Icon />
                    <span dir="ltr">{app}</span>
                  </a>
                </li>
              ))}
              <li>
                <a className={styles.shareLink} href={shareHrefOf('email', link, message)} data-share="email">
                  <MailIcon />
                  <span>{t('referral_share_email')}</span>
                </a>
              </li>
            </ul>
          </div>
          <p className={styles.muted}>
            {t('referral_code_label')}{' '}
            <bdi className={styles.code} data-referral-code="">
              {referralCode}
            </bdi>
          </p>
        </div>
        <figure className={styles.qrFigure}>
          <QrCode
            className={styles.qr}
            value={link}
            label={t('referral_qr_label')}
            size={QR_DEFAULT_SIZE}
            margin={QR_DEFAULT_MARGIN}
          />
          <figcaption className={styles.muted}>{t('referral_qr_hint')}</figcaption>
        </figure>
      </div>
    </Card>
  );
};
