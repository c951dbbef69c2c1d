import type { MemberPromotion } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import {
  actionKeys,
  actionOf,
  categoryKeys,
  ineligibleReasonKeys,
  type PromotionAction,
  sideActionOf,
  stateKeys,
  stateToneOf,
} from '../promotion-states';
import { ProgressBar } from './progress-bar';
import { usePromotionPeriod, useRewardText } from './promotion-text';
import styles from './promotions.module.css';

export interface PromotionCardProps {
  promotion: MemberPromotion;
  currency: string;
  isBusy: boolean;
  onAction: (promotion: MemberPromotion, action: PromotionAction) => void;
}

/** The picture of a promotion, or a gift on the brand colour where the merchant gave none. */
export const PromotionPicture = ({ promotion }: { promotion: MemberPromotion }) =>
  promotion.imageUrl ? (
    <img className={styles.picture} src={promotion.imageUrl} alt="" loading="lazy" />
  ) : (
    <span className={`${styles.picture} ${styles.pictureEmpty}`} aria-hidden="true">
      <GiftIcon />
    </span>
  );

/**
 * The one button a state allows (join, claim, apply; withdraw beside an application's Applying label), named with the
 * promotion for assistive technology.
 */
export const PromotionActionButton = ({
  promotion,
  isBusy,
  onAction,
  size = 'sm',
}: Omit<PromotionCardProps, 'currency'> & { size?: 'sm' | 'md' }) => {
  const { t } = useTranslation('promotions');
  const action = actionOf(promotion) ?? sideActionOf(promotion);
  if (!action) return null;
  // Keyed by the action: a new state's button is a new element, so it does not fade from the last one's colours
  // (the apply button's dark label on the withdraw button's dark face read 1.13:1 mid-fade under load).
  return (
    <Button
      key={action}
      size={size}
      variant={action === 'withdraw' ? 'secondary' : 'primary'}
      disabled={isBusy}
      data-promotion-action={action}
      aria-label={t('promo_action_named', { action: t(actionKeys[action]), title: promotion.title })}
      onClick={() => onAction(promotion, action)}
    >
      {t(actionKeys[action])}
    </Button>
  );
};

/**
 * The activity state as a label, for the states without an action; in the join and claim states the state is the
 * button itself (join, claim or apply), so it is not said twice.
 */
export const PromotionState = ({ promotion }: { promotion: MemberPromotion }) => {
  const { t } = useTranslation('promotions');
  if (actionOf(promotion)) return null;
  return (
    <StatusBadge tone={stateToneOf(promotion.state)} name={promotion.state}>
      {t(stateKeys[promotion.state])}
    </StatusBadge>
  );
};

/** The chat-app handle the member linked (its own only), while it waits or once paid (decision 0151). */
const ChatHandleNote = ({ promotion }: { promotion: MemberPromotion }) => {
  const { t } = useTranslation('promotions');
  if (!promotion.chatHandle || promotion.state === 'rejected') return null;
  return (
    <p className={styles.note} dir="ltr" data-promotion-note="chat-handle">
      {t('promo_link_linked', { handle: `@${promotion.chatHandle}` })}
    </p>
  );
};

/**
 * Why a closed promotion is closed to this member, the reviewer's note on a refused application, or the chat-app
 * handle a member linked.
 */
export const PromotionNote = ({ promotion }: { promotion: MemberPromotion }) => {
  const { t } = useTranslation('promotions');
  const reason = promotion.ineligibleReason ? ineligibleReasonKeys[promotion.ineligibleReason] : undefined;
  if (promotion.state === 'rejected' && promotion.reviewNote) {
    return (
      <p className={styles.note} dir="auto" data-promotion-note="review">
        {t('promo_review_note', { note: promotion.reviewNote })}
      </p>
    );
  }
  if (promotion.chatHandle) return <ChatHandleNote promotion={promotion} />;
  if (promotion.state === 'closed' && reason) {
    return (
      <p className={styles.note} data-promotion-note="ineligible">
        {t(reason)}
      </p>
    );
  }
  return null;
};

/** A turnover challenge's valid bet so far against its target. */
export const PromotionProgress = ({ promotion, currency }: { promotion: MemberPromotion; currency: string }) => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  if (promotion.progress === null || promotion.target === null) return null;
  const target = Number(promotion.target);
  const percent = target > 0 ? Math.min(100, Math.floor((Number(promotion.progress) / target) * 100)) : 0;
  const text = t('promo_progress', {
    progress: formatMoney(promotion.progress, currency),
    target: formatMoney(promotion.target, currency),
  });
  return (
    <div className={styles.progress}>
      <span className={styles.progressText}>{text}</span>
      <ProgressBar percent={percent} label={text} />
    </div>
  );
};

/**
 * One promotion on `/promotions`: picture, category, title, period, reward, its activity state and the one action
 * that state allows; its title opens the detail (`#<id>`).
 */
export const PromotionCard = ({ promotion, currency, isBusy, onAction }: PromotionCardProps) => {
  const { t } = useTranslation('promotions');
  const period = usePromotionPeriod(promotion);
  const reward = useRewardText(promotion, currency);
  return (
    <article
      id={promotion.id}
      className={styles.card}
      aria-labelledby={`promotion-title-${promotion.id}`}
      data-promotion={promotion.id}
      data-promotion-state={promotion.state}
    >
      <PromotionPicture promotion={promotion} />
      <div className={styles.cardBody}>
        <div className={styles.cardTop}>
          <span className={styles.category}>{t(categoryKeys[promotion.category])}</span>
          <PromotionState promotion={promotion} />
        </div>
        <h2 id={`promotion-title-${promotion.id}`} className={styles.title} dir="auto">
          <Link to={`#${promotion.id}`} className={styles.titleLink}>
            {promotion.title}
          </Link>
        </h2>
        {promotion.summary ? (
          <p className={styles.summary} dir="auto">
            {promotion.summary}
          </p>
        ) : null}
        <p className={styles.meta}>{reward}</p>
        <p className={styles.meta}>{period}</p>
        <PromotionProgress promotion={promotion} currency={currency} />
        <PromotionNote promotion={promotion} />
        <div className={styles.actions}>
          <Link
            to={`#${promotion.id}`}
            className={styles.details}
            aria-label={t('promo_details_named', { title: promotion.title })}
          >
            {t('promo_details')}
          </Link>
          <PromotionActionButton promotion={promotion} isBusy={isBusy} onAction={onAction} />
        </div>
      </div>
    </article>
  );
};
