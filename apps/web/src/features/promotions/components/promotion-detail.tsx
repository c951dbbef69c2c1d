import { useTranslation } from 'react-i18next';
import { categoryKeys, kindKeys } from '../promotion-states';
import {
  PromotionActionButton,
  type PromotionCardProps,
  PromotionNote,
  PromotionPicture,
  PromotionProgress,
  PromotionState,
} from './promotion-card';
import { usePromotionPeriod, useRewardText } from './promotion-text';
import styles from './promotions.module.css';

/** A promotion opened from `#<id>`: its picture, state, period, reward and rules text in the reader's language. */
export const PromotionDetail = ({ promotion, currency, isBusy, onAction }: PromotionCardProps) => {
  const { t } = useTranslation('promotions');
  const period = usePromotionPeriod(promotion);
  const reward = useRewardText(promotion, currency);
  return (
    <div className={styles.detail} data-promotion-detail={promotion.id} data-promotion-state={promotion.state}>
      <PromotionPicture promotion={promotion} />
      <div className={styles.cardTop}>
        <span className={styles.category}>{t(categoryKeys[promotion.category])}</span>
        <PromotionState promotion={promotion} />
      </div>
      {promotion.summary ? (
        <p className={styles.summary} dir="auto">
          {promotion.summary}
        </p>
      ) : null}
      <p className={styles.meta}>{t(kindKeys[promotion.kind])}</p>
      <p className={styles.meta}>{reward}</p>
      <p className={styles.meta}>{period}</p>
      <PromotionProgress promotion={promotion} currency={currency} />
      <PromotionNote promotion={promotion} />
      <section aria-labelledby="promotion-rules" className={styles.rules}>
        <h3 id="promotion-rules" className={styles.rulesTitle}>
          {t('promo_rules')}
        </h3>
        <p className={styles.rulesText} dir="auto" data-promotion-rules="">
          {promotion.content || promotion.summary}
        </p>
      </section>
      <div className={styles.detailAction}>
        <PromotionActionButton promotion={promotion} isBusy={isBusy} onAction={onAction} size="md" />
      </div>
    </div>
  );
};
