import {
  type AdminPointRules,
  type LanguageCode,
  type PointEarnCategory,
  pointEarnCategories,
} from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { Toast } from '../../../shared/ui/toast';
import { usePointRules, useUpdatePointRules } from '../api/points-api';
import styles from './points.module.css';

interface RulesValues {
  rates: Record<PointEarnCategory, string>;
  convertRatio: string;
  buyRatio: string;
  rulesText: Partial<Record<LanguageCode, string>>;
}

const valuesOf = (rules: AdminPointRules): RulesValues => ({
  rates: { ...rules.rates },
  convertRatio: rules.convertRatio,
  buyRatio: rules.buyRatio,
  rulesText: Object.fromEntries(rules.supportedLanguages.map((lang) => [lang, rules.rulesText[lang] ?? ''])),
});

/** The rates per point type, the convert and buy ratios and the rules text per language; the server judges them. */
export const PointRules = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const rules = usePointRules(code);
  if (rules.isError) return <ErrorState error={rules.error} onRetry={() => void rules.refetch()} />;
  if (!rules.data) return <LoadingState />;
  return <PointRulesForm code={code} rules={rules.data} canManage={canManage} />;
};

const PointRulesForm = ({ code, rules, canManage }: { code: string; rules: AdminPointRules; canManage: boolean }) => {
  const { t } = useTranslation();
  const update = useUpdatePointRules(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<RulesValues>({ defaultValues: valuesOf(rules) });
  const id = (field: string) => `points-rules-${field.replace(/\./g, '-')}`;
  const languageName = languageNameOf();
  // One language's text at a time (a merchant may offer dozens); the values of all are kept.
  const [language, setLanguage] = useState<LanguageCode>(rules.defaultLanguage);
  const texts = watch('rulesText');
  const hasFieldErrors = isApiError(update.error) && update.error.fieldErrors.length > 0;

  const onSubmit = async (values: RulesValues) => {
    try {
      const saved = await update.mutateAsync(values);
      reset(valuesOf(saved));
      setToast({ id: Date.now(), text: t('points.rules.saved') });
    } catch (error) {
      if (!isApiError(error)) return;
      const other = error.fieldErrors
        .map((fieldError) => /^rulesText\.([A-Z-]+)$/.exec(fieldError.path)?.[1])
        .find((lang): lang is LanguageCode => rules.supportedLanguages.includes(lang as LanguageCode));
      if (other) setLanguage(other);
      applyServerFieldErrors(setError, error.fieldErrors);
    }
  };

  const textField = (name: string, label: string, hint?: string) => (
    <Field key={name} label={label} htmlFor={id(name)} hint={hint} error={fieldErrorAt(errors, name)}>
      <input
        id={id(name)}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={fieldErrorAt(errors, name) ? true : undefined}
        aria-describedby={`${id(name)}-error`}
        data-field={name}
        {...register(name as keyof RulesValues)}
      />
    </Field>
  );

  return (
    <Panel title={t('points.rules.title')} description={t('points.rules.description', { currency: rules.currency })}>
      <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        {update.isError && !hasFieldErrors ? (
          <Alert
            tone="danger"
            title={t(`errors.${errorCodeOf(update.error)}`, { defaultValue: t('errors.unknown_error') })}
          />
        ) : null}
        <fieldset className={styles.fields} disabled={!canManage}>
          <legend className={styles.legend}>{t('points.rules.rates')}</legend>
          {pointEarnCategories.map((category) =>
            textField(`rates.${category}`, t(`points.category.${category}`), t('points.rules.rateHint')),
          )}
        </fieldset>
        <fieldset className={styles.fields} disabled={!canManage}>
          <legend className={styles.legend}>{t('points.rules.ratios')}</legend>
          {textField('convertRatio', t('points.rules.convertRatio'), t('points.rules.convertRatioHint'))}
          {textField('buyRatio', t('points.rules.buyRatio'), t('points.rules.buyRatioHint'))}
        </fieldset>
        <fieldset className={styles.fields} disabled={!canManage}>
          <legend className={styles.legend}>{t('points.rules.text')}</legend>
          <label className={styles.filter}>
            <span>{t('points.item.language')}</span>
            <select
              value={language}
              onChange={(event) => setLanguage(event.target.value as LanguageCode)}
              data-testid="point-rules-language"
            >
              {rules.supportedLanguages.map((lang) => (
                <option key={lang} value={lang}>
                  {t('points.item.languageOption', {
                    language: languageName(lang),
                    state: texts[lang]?.trim() ? t('points.rules.hasText') : t('points.item.empty'),
                  })}
                </option>
              ))}
            </select>
          </label>
          <Field
            key={language}
            className={styles.wide}
            label={t('points.rules.textIn', { language: languageName(language) })}
            htmlFor={id(`rulesText.${language}`)}
            error={fieldErrorAt(errors, `rulesText.${language}`)}
          >
            <textarea
              id={id(`rulesText.${language}`)}
              rows={4}
              aria-describedby={`${id(`rulesText.${language}`)}-error`}
              {...register(`rulesText.${language}`)}
            />
          </Field>
        </fieldset>
        {canManage ? (
          <div className={styles.actions}>
            <span className={styles.note}>{t('points.rules.appliesFromNow')}</span>
            <Button type="submit" variant="primary" disabled={!isDirty} isBusy={update.isPending}>
              {t('common.save')}
            </Button>
          </div>
        ) : (
          <p className={styles.note}>{t('points.readOnly')}</p>
        )}
      </form>
      <Toast message={toast} onDismiss={dismissToast} />
    </Panel>
  );
};
