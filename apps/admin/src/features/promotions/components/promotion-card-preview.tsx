import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import styles from './promotion-engine.module.css';
import type { PromotionFormValues, TextValues } from './promotion-form-values';

export interface PromotionCardPreviewProps {
  values: PromotionFormValues;
  /** The language previewed; an empty field falls back to the default language's, as the member site does. */
  text: TextValues;
  fallbackText: TextValues;
  currency: string;
  timeZone: string;
}

/** The first action a member is offered on the promotion's card, by kind. */
const actionOf = (kind: PromotionFormValues['kind']) => {
  if (kind === 'application') return 'apply';
  if (kind === 'chat_app') return 'link';
  return kind === 'registration' || kind === 'daily_login' ? 'claim' : 'join';
};

/** Only what the member site would show: https or site-relative pictures. */
const isShownImage = (url: string) => /^(https:\/\/|\/)[^\s"'<>]*$/.test(url.trim());

/** The member's promotion card as the form stands: picture, category, title, summary, reward, wagering, dates. */
export const PromotionCardPreview = ({ values, text, fallbackText, currency, timeZone }: PromotionCardPreviewProps) => {
  const { t } = useTranslation();
  const title = text.title.trim() || fallbackText.title.trim();
  const summary = text.summary.trim() || fallbackText.summary.trim();
  const imageUrl = text.imageUrl.trim() || fallbackText.imageUrl.trim();
  const isDeposit = values.kind === 'first_deposit' || values.kind === 'reload_deposit';
  const amount = (value: string) => `${value.trim() || '0'} ${currency}`;
  const reward =
    isDeposit && Number(values.percent) > 0
      ? Number(values.maxAmount) > 0
        ? t('promotions.preview.percentUpTo', { percent: values.percent, max: amount(values.maxAmount) })
        : t('promotions.preview.percent', { percent: values.percent })
      : t('promotions.preview.fixed', { amount: amount(values.fixedAmount) });
  const format = (iso: string | null) => {
    if (!iso || Number.isNaN(Date.parse(iso))) return '—';
    return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeZone }).format(Date.parse(iso));
  };
  return (
    <article className={styles.card} data-testid="promotion-preview">
      <div className={styles.cardImage}>
        {isShownImage(imageUrl) ? (
          <img src={imageUrl} alt="" />
        ) : (
          <span className={styles.cardPlaceholder}>{t('promotions.preview.noImage')}</span>
        )}
        <span className={styles.cardTag}>{t(`promotions.categoryOption.${values.category}`)}</span>
      </div>
      <div className={styles.cardBody}>
        <h4 className={styles.cardTitle}>{title || t('promotions.preview.noTitle')}</h4>
        {summary ? <p className={styles.cardSummary}>{summary}</p> : null}
        <p className={styles.cardReward}>{reward}</p>
        <p className={styles.cardMeta}>
          {Number(values.wageringMultiple) > 0
            ? t(`promotions.preview.wagering.${values.wageringBase}`, { multiple: values.wageringMultiple })
            : t('promotions.preview.noWagering')}
        </p>
        <p className={styles.cardMeta}>
          {t('promotions.preview.dates', { from: format(values.startsAt), to: format(values.endsAt) })}
        </p>
        <span className={styles.cardButton}>{t(`promotions.preview.action.${actionOf(values.kind)}`)}</span>
      </div>
    </article>
  );
};
