import { Controller, get, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useTheme } from '../../../../shared/theme/theme-store';
import { tokenStyleOf } from '../../../../shared/theme/token-style';
import { Panel } from '../../../../shared/ui/panel';
import sections from './sections.module.css';
import styles from './theme-section.module.css';
import { TokenEditor, type TokenTheme } from './token-editor';
import { useSettingsForm } from './use-settings-form';

const themes: readonly TokenTheme[] = ['light', 'dark'];

export interface ThemeSectionProps {
  merchantName: string;
  isReadOnly: boolean;
}

/** The merchant's token overrides per theme, with a preview of the set that matches the back office's theme. */
export const ThemeSection = ({ merchantName, isReadOnly }: ThemeSectionProps) => {
  const { t } = useTranslation();
  const adminTheme = useTheme();
  const {
    control,
    formState: { errors },
  } = useSettingsForm();
  const overrides = useWatch({ control, name: `themeTokens.${adminTheme}` });
  const previewStyle = tokenStyleOf(overrides);

  return (
    <Panel id="section-theme" title={t('settings.theme.title')} description={t('settings.theme.description')}>
      <div className={sections.pair}>
        {themes.map((theme) => (
          <div key={theme}>
            <h3 className={sections.subheading}>{t(`settings.theme.${theme}`)}</h3>
            <Controller
              control={control}
              name={`themeTokens.${theme}`}
              render={({ field }) => (
                <TokenEditor
                  theme={theme}
                  tokens={field.value}
                  onChange={field.onChange}
                  errors={get(errors, `themeTokens.${theme}`)}
                  isDisabled={isReadOnly}
                />
              )}
            />
          </div>
        ))}
      </div>
      <div>
        <h3 className={sections.subheading}>{t('settings.theme.preview')}</h3>
        <p className={sections.subtext}>
          {t('settings.theme.previewHint', { theme: t(`settings.theme.${adminTheme}`) })}
        </p>
        <div className={styles.preview} style={previewStyle} data-testid="theme-preview">
          <div className={styles.previewHeader}>
            <span className={styles.previewLogo} />
            <span className={styles.previewBrand}>{merchantName}</span>
            <span className={styles.previewButton}>{t('settings.theme.sampleButton')}</span>
          </div>
          <div className={styles.previewBody}>
            <div className={styles.previewCard}>
              <p className={styles.previewTitle}>{t('settings.theme.sampleTitle')}</p>
              <p className={styles.previewMuted}>{t('settings.theme.sampleText')}</p>
              <p className={styles.previewLinks}>
                <span className={styles.previewAccent}>{t('settings.theme.sampleLink')}</span>
                <span className={styles.previewSuccess}>+120.00</span>
                <span className={styles.previewDanger}>-35.00</span>
              </p>
            </div>
          </div>
        </div>
      </div>
    </Panel>
  );
};
