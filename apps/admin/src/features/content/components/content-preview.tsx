import { type BannerGroup, isLanguageCode, languages } from '@tessera/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { type ThemeName, useTheme } from '../../../shared/theme/theme-store';
import { tokenStyleOf } from '../../../shared/theme/token-style';
import { BellIcon } from '../../../shared/ui/icons';
import { bannerSlots } from '../lib/banner-slots';
import type { ContentFormValues } from '../lib/content-values';
import styles from './content-preview.module.css';

export type ThemeOverrides = Readonly<Record<ThemeName, Readonly<Record<string, string>>>>;

export interface ContentPreviewProps {
  /** The form's current values (not yet checked: the preview follows the typing). */
  values: ContentFormValues;
  imageUrl: string | null;
  merchantName: string;
  themeTokens: ThemeOverrides;
}

const Frame = ({ label, children }: { label: string; children: ReactNode }) => (
  <figure className={styles.frame}>
    <figcaption className={styles.frameLabel}>{label}</figcaption>
    {children}
  </figure>
);

/** The member site's dialog chrome: a title bar with its close cross, and the body. */
const SiteDialog = ({ title, children }: { title: string; children: ReactNode }) => (
  <div className={styles.dialog}>
    <div className={styles.dialogHeader}>
      <span className={styles.dialogTitle}>{title}</span>
      <span className={styles.dialogClose} aria-hidden="true">
        ×
      </span>
    </div>
    <div className={styles.dialogBody}>{children}</div>
  </div>
);

const Title = ({ text }: { text: string }) => {
  const { t } = useTranslation();
  return text.trim() ? text : <span className={styles.placeholder}>{t('content.preview.noTitle')}</span>;
};

/** One entry of the notice modal or the announcement popup: title, date, text with its line breaks. */
const Entry = ({ title, date, text, action }: { title: string; date: string; text: string; action?: ReactNode }) => (
  <div className={styles.entry}>
    <div className={styles.entryHeading}>
      <span className={styles.entryTitle} dir="auto">
        <Title text={title} />
      </span>
      <span className={styles.entryDate}>{date}</span>
    </div>
    {text ? (
      <p className={styles.entryText} dir="auto" data-preview-text="">
        {text}
      </p>
    ) : null}
    {action}
  </div>
);

const BannerPreview = ({ group, title, imageUrl }: { group: BannerGroup; title: string; imageUrl: string | null }) => {
  const { t } = useTranslation();
  const slot = bannerSlots[group];
  return (
    <Frame
      label={t('content.preview.bannerSlot', {
        place: t(`content.group.${group}`),
        ratio: slot.aspectRatio.replace(' / ', ':'),
      })}
    >
      <div
        className={styles.banner}
        style={{ aspectRatio: slot.aspectRatio, maxWidth: slot.width ?? undefined }}
        data-preview-banner={group}
      >
        {imageUrl ? (
          <img className={styles.bannerImage} src={imageUrl} alt="" />
        ) : (
          <span className={styles.bannerEmpty}>{t('content.preview.noImage')}</span>
        )}
        <span className={slot.width ? styles.bannerCaptionSmall : styles.bannerCaption} dir="auto">
          {title}
        </span>
        {group === 'w_home' ? (
          <span className={styles.bullets} aria-hidden="true">
            <span className={styles.bulletActive} />
            <span className={styles.bullet} />
            <span className={styles.bullet} />
          </span>
        ) : null}
      </div>
    </Frame>
  );
};

const PreviewBody = ({ values, imageUrl, merchantName }: Omit<ContentPreviewProps, 'themeTokens'>) => {
  const { t } = useTranslation();
  const date = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    values.startsAt ? Date.parse(values.startsAt) || Date.now() : Date.now(),
  );
  const { content } = values;
  switch (content.kind) {
    case 'banner':
      return <BannerPreview group={content.data.group} title={content.data.title} imageUrl={imageUrl} />;
    case 'notice': {
      const audience = content.data.audience ?? 'site';
      const entry = <Entry title={content.data.title} date={date} text={content.data.content} />;
      return (
        <>
          {audience === 'agents' ? null : (
            <>
              <Frame label={t('content.preview.ticker')}>
                <div className={styles.ticker} data-preview-ticker="">
                  <span className={styles.tickerIcon}>
                    <BellIcon />
                  </span>
                  <span className={styles.tickerText} dir="auto">
                    <Title text={content.data.title} />
                  </span>
                </div>
              </Frame>
              <Frame label={t('content.preview.noticeModal')}>
                <SiteDialog title={t('content.preview.noticeTitle')}>{entry}</SiteDialog>
              </Frame>
            </>
          )}
          {audience === 'site' ? null : (
            <Frame label={t('content.preview.agentCentre')}>
              <SiteDialog title={t('content.preview.agentCentreTitle')}>{entry}</SiteDialog>
            </Frame>
          )}
        </>
      );
    }
    case 'popup':
      return (
        <Frame
          label={t('content.preview.popup', {
            audience: t(`content.execution.${content.data.execution}`),
          })}
        >
          <SiteDialog title={t('content.preview.announcementTitle')}>
            <Entry
              title={content.data.title}
              date={date}
              text={content.data.content}
              action={
                content.data.promotionType ? (
                  <span className={styles.siteButton} data-preview-go="">
                    {t('content.preview.goPromotion')}
                  </span>
                ) : null
              }
            />
          </SiteDialog>
        </Frame>
      );
    case 'promotion':
      return (
        <Frame label={t('content.preview.promotion')}>
          <div className={styles.page}>
            <h3 className={styles.pageTitle}>{t('content.preview.promotionsTitle')}</h3>
            <Entry title={content.data.title} date={date} text={content.data.content} />
          </div>
        </Frame>
      );
    case 'help':
      return (
        <Frame label={t('content.preview.help')}>
          <div className={styles.address} data-preview-address="">
            /help#{content.data.tag}
          </div>
          <SiteDialog title={t('content.preview.helpTitle')}>
            <section className={styles.helpSection}>
              <h3 className={styles.helpTitle} dir="auto">
                <Title text={content.data.title} />
              </h3>
              <p className={styles.entryText} dir="auto" data-preview-text="">
                {content.data.content}
              </p>
            </section>
          </SiteDialog>
        </Frame>
      );
    case 'footer':
      return (
        <Frame label={t('content.preview.footer')}>
          <div className={styles.footer}>
            <span className={styles.footerBrand}>{merchantName}</span>
            <p className={styles.footerText} dir="auto" data-preview-text="">
              {content.data.description}
            </p>
          </div>
        </Frame>
      );
  }
};

/**
 * The item as the member site would draw it, in the item's language direction, on the site's light or dark
 * tokens with the merchant's overrides. Text is shown as text: nothing in it is read as HTML.
 */
export const ContentPreview = ({ values, imageUrl, merchantName, themeTokens }: ContentPreviewProps) => {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<ThemeName>(useTheme());
  const language = isLanguageCode(values.language) ? languages[values.language] : null;
  return (
    <section className={styles.preview} aria-labelledby="content-preview-title" data-content-preview="">
      <header className={styles.previewHeader}>
        <h2 className={styles.previewTitle} id="content-preview-title">
          {t('content.preview.title')}
        </h2>
        <fieldset className={styles.themeSwitch}>
          <legend className="visually-hidden">{t('content.preview.theme')}</legend>
          {(['light', 'dark'] as const).map((name) => (
            <button
              key={name}
              type="button"
              className={styles.themeButton}
              aria-pressed={theme === name}
              onClick={() => setTheme(name)}
            >
              {t(`content.preview.${name}`)}
            </button>
          ))}
        </fieldset>
      </header>
      <div
        className={styles.stage}
        data-theme={theme}
        style={tokenStyleOf(themeTokens[theme])}
        dir={language?.dir ?? 'ltr'}
        lang={language?.locale}
      >
        <PreviewBody values={values} imageUrl={imageUrl} merchantName={merchantName} />
      </div>
    </section>
  );
};
