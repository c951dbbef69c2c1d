import type { MemberPromotion } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';

/** "starts – ends" in the reader's language. */
export const usePromotionPeriod = (promotion: Pick<MemberPromotion, 'startsAt' | 'endsAt'>): string => {
  const { t } = useTranslation('promotions');
  const formatDateTime = useFormatDateTime();
  return t('promo_period', { start: formatDateTime(promotion.startsAt), end: formatDateTime(promotion.endsAt) });
};

/**
 * What the promotion pays and its wagering: a percentage of the deposit up to a maximum, or a fixed bonus, and the
 * turnover multiple the bonus must be wagered before it moves to the main wallet.
 */
export const useRewardText = (promotion: MemberPromotion, currency: string): string => {
  const { t } = useTranslation('promotions');
  const formatMoney = useFormatMoney();
  const isPercent =
    promotion.percent > 0 && (promotion.kind === 'first_deposit' || promotion.kind === 'reload_deposit');
  const reward = isPercent
    ? Number(promotion.maxAmount) > 0
      ? t('promo_reward_percent_max', { percent: promotion.percent, max: formatMoney(promotion.maxAmount, currency) })
      : t('promo_reward_percent', { percent: promotion.percent })
    : t('promo_reward_fixed', { amount: formatMoney(promotion.fixedAmount, currency) });
  if (promotion.wageringMultiple <= 0) return reward;
  return `${reward} · ${t('promo_wagering', { multiple: promotion.wageringMultiple })}`;
};
