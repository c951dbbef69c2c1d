import type { MemberRedEnvelope } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { ineligibleReasonKeys } from '../promotion-states';
import { redEnvelopeStateKeys, redEnvelopeToneOf } from '../red-envelope-states';
import { usePromotionPeriod } from './promotion-text';
import styles from './red-envelope.module.css';

export interface RedEnvelopeCardProps {
  envelope: MemberRedEnvelope;
  currency: string;
  isBusy: boolean;
  onOpen: (envelope: MemberRedEnvelope) => void;
  onCheck: (envelope: MemberRedEnvelope) => void;
}

/**
 * One red envelope: its title and blessing, the total and the shares left, the window, the member's share once
 * opened (or why it cannot be), the open button while it can, and its fairness commitment.
 */
export const RedEnvelopeCard = ({ envelope, currency, isBusy, onOpen, onCheck }: RedEnvelopeCardProps) => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const period = usePromotionPeriod(envelope);
  const reason = envelope.ineligibleReason ? ineligibleReasonKeys[envelope.ineligibleReason] : undefined;
  return (
    <article
      className={`${styles.envelope} ${envelope.state === 'open' ? styles.live : ''}`}
      aria-labelledby={`red-envelope-${envelope.id}`}
      data-red-envelope={envelope.id}
      data-red-envelope-state={envelope.state}
    >
      <div className={styles.face}>
        <span className={styles.seal} aria-hidden="true">
          <GiftIcon />
        </span>
        <div className={styles.heading}>
          <h2 id={`red-envelope-${envelope.id}`} className={styles.title} dir="auto">
            {envelope.title}
          </h2>
          {envelope.blessing ? (
            <p className={styles.blessing} dir="auto">
              {envelope.blessing}
            </p>
          ) : null}
        </div>
      </div>
      <div className={styles.body}>
        <div className={styles.row}>
          <span className={styles.total}>
            {t('red_total', { amount: formatMoney(envelope.totalAmount, currency) })}
          </span>
          <StatusBadge tone={redEnvelopeToneOf(envelope.state)} name={envelope.state}>
            {t(redEnvelopeStateKeys[envelope.state])}
          </StatusBadge>
        </div>
        <p className={styles.meta}>{t('red_left', { left: envelope.sharesLeft, shares: envelope.shares })}</p>
        <p className={styles.meta}>{period}</p>
        {envelope.myAmount !== null ? (
          <p className={styles.won} data-red-envelope-amount={envelope.myAmount}>
            {t('red_got', { amount: formatMoney(envelope.myAmount, currency) })}
          </p>
        ) : null}
        {envelope.wageringMultiple > 0 ? (
          <p className={styles.meta}>{t('promo_wagering', { multiple: envelope.wageringMultiple })}</p>
        ) : null}
        {envelope.state === 'ineligible' && reason ? <p className={styles.note}>{t(reason)}</p> : null}
        <div className={styles.actions}>
          <button type="button" className={styles.fairness} onClick={() => onCheck(envelope)}>
            {t('red_fair_link')}
          </button>
          {envelope.state === 'open' ? (
            <Button
              size="sm"
              disabled={isBusy}
              data-red-envelope-action="open"
              aria-label={t('red_open_named', { title: envelope.title })}
              onClick={() => onOpen(envelope)}
            >
              {t('red_open')}
            </Button>
          ) : null}
        </div>
      </div>
    </article>
  );
};
