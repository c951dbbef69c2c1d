import {
  type AdminMission,
  type LanguageCode,
  type MissionCategory,
  type MissionInput,
  type MissionKind,
  type MissionPeriod,
  missionCategories,
  missionKindIsMoney,
  missionKinds,
  missionPeriods,
} from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { FormSwitch } from '../../../shared/forms/form-switch';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useSaveMission } from '../api/missions-api';
import { MissionPreview } from './mission-preview';
import styles from './missions.module.css';

interface MissionValues {
  kind: MissionKind;
  period: MissionPeriod;
  category: MissionCategory;
  target: string;
  reward: string;
  score: string;
  titles: Partial<Record<LanguageCode, string>>;
  descriptions: Partial<Record<LanguageCode, string>>;
  enabled: boolean;
  sortOrder: string;
}

const valuesOf = (mission: AdminMission | null, languages: readonly LanguageCode[]): MissionValues => ({
  kind: mission?.kind ?? 'rounds',
  period: mission?.period ?? 'daily',
  category: mission?.category ?? 'all',
  target: mission?.target ?? '',
  reward: mission?.reward ?? '',
  score: mission ? String(mission.score) : '10',
  titles: Object.fromEntries(languages.map((lang) => [lang, mission?.titles[lang] ?? ''])),
  descriptions: Object.fromEntries(languages.map((lang) => [lang, mission?.descriptions[lang] ?? ''])),
  enabled: mission?.enabled ?? true,
  sortOrder: mission ? String(mission.sortOrder) : '0',
});

/** The form's text as the request: numbers as numbers (blank is not a number; the server answers per field). */
const inputOf = (values: MissionValues): MissionInput => ({
  ...values,
  score: values.score === '' ? Number.NaN : Number(values.score),
  sortOrder: values.sortOrder === '' ? Number.NaN : Number(values.sortOrder),
});

export interface MissionEditorProps {
  code: string;
  currency: string;
  defaultLanguage: LanguageCode;
  languages: readonly LanguageCode[];
  /** The mission to edit, or null to add one. */
  mission: AdminMission | null;
  onClose: () => void;
  onSaved: (mission: AdminMission) => void;
}

/**
 * The mission editor: what it counts (rounds, valid bet in a category, deposits, login days), how often it starts
 * again, its target, reward and leaderboard points, a title and description per language, and a preview of the card
 * members see, drawn as the form changes. The server judges the whole edit; its refusals show under the fields.
 */
export const MissionEditor = ({
  code,
  currency,
  defaultLanguage,
  languages,
  mission,
  onClose,
  onSaved,
}: MissionEditorProps) => {
  const { t } = useTranslation();
  const save = useSaveMission(code);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<MissionValues>({ defaultValues: valuesOf(mission, languages) });
  const [language, setLanguage] = useState<LanguageCode>(defaultLanguage);
  const languageName = languageNameOf();
  const values = watch();
  const isMoney = missionKindIsMoney(values.kind);
  const hasCategory = values.kind === 'rounds' || values.kind === 'valid_bet';
  const hasFieldErrors = isApiError(save.error) && save.error.fieldErrors.length > 0;
  const id = (field: string) => `mission-${field.replace(/\./g, '-')}`;

  const onSubmit = async (submitted: MissionValues) => {
    try {
      onSaved(await save.mutateAsync({ id: mission?.id ?? null, input: inputOf(submitted) }));
    } catch (error) {
      if (!isApiError(error)) return;
      const other = error.fieldErrors
        .map((fieldError) => /^(titles|descriptions)\.([A-Z-]+)$/.exec(fieldError.path)?.[2])
        .find((lang): lang is LanguageCode => Boolean(lang) && languages.includes(lang as LanguageCode));
      if (other) setLanguage(other);
      applyServerFieldErrors(setError, error.fieldErrors);
    }
  };

  const textInput = (name: string, inputMode: 'numeric' | 'decimal' | 'text') => (
    <input
      id={id(name)}
      inputMode={inputMode}
      autoComplete="off"
      aria-invalid={fieldErrorAt(errors, name) ? true : undefined}
      aria-describedby={`${id(name)}-error`}
      data-field={name}
      {...register(name as keyof MissionValues)}
    />
  );
  const select = <T extends string>(name: keyof MissionValues, options: readonly T[], label: (value: T) => string) => (
    <select id={id(name)} aria-describedby={`${id(name)}-error`} data-field={name} {...register(name)}>
      {options.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </select>
  );

  return (
    <Dialog
      isOpen
      size="md"
      title={mission ? t('missions.editTitle') : t('missions.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="mission-form" variant="primary" isBusy={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <div className={styles.editor}>
        <form
          id="mission-form"
          className={styles.form}
          noValidate
          onSubmit={(event) => void handleSubmit(onSubmit)(event)}
          data-mission-form={mission?.id ?? 'new'}
        >
          {save.isError && !hasFieldErrors ? (
            <Alert
              tone="danger"
              title={t(`errors.${errorCodeOf(save.error)}`, { defaultValue: t('errors.unknown_error') })}
            />
          ) : null}
          {mission && mission.figures.total.members > 0 ? (
            <p className={styles.note}>{t('missions.inUseHint')}</p>
          ) : null}
          <fieldset className={styles.fields}>
            <legend className={styles.legend}>{t('missions.rules')}</legend>
            <Field label={t('missions.field.kind')} htmlFor={id('kind')} error={errors.kind}>
              {select('kind', missionKinds, (value) => t(`missions.kind.${value}`))}
            </Field>
            <Field label={t('missions.field.period')} htmlFor={id('period')} error={errors.period}>
              {select('period', missionPeriods, (value) => t(`missions.period.${value}`))}
            </Field>
            {hasCategory ? (
              <Field label={t('missions.field.category')} htmlFor={id('category')} error={errors.category}>
                {select('category', missionCategories, (value) => t(`missions.category.${value}`))}
              </Field>
            ) : null}
            <Field
              label={isMoney ? t('missions.field.targetMoney', { currency }) : t('missions.field.target')}
              htmlFor={id('target')}
              error={errors.target}
              isRequired
            >
              {textInput('target', isMoney ? 'decimal' : 'numeric')}
            </Field>
            <Field
              label={t('missions.field.reward', { currency })}
              htmlFor={id('reward')}
              hint={t('missions.field.rewardHint')}
              error={errors.reward}
              isRequired
            >
              {textInput('reward', 'decimal')}
            </Field>
            <Field
              label={t('missions.field.score')}
              htmlFor={id('score')}
              hint={t('missions.field.scoreHint')}
              error={errors.score}
            >
              {textInput('score', 'numeric')}
            </Field>
            <Field label={t('missions.field.sortOrder')} htmlFor={id('sortOrder')} error={errors.sortOrder}>
              {textInput('sortOrder', 'numeric')}
            </Field>
            <div className={styles.wide}>
              <FormSwitch control={control} name="enabled" id={id('enabled')} label={t('missions.field.enabled')} />
            </div>
          </fieldset>
          <fieldset className={styles.fields}>
            <legend className={styles.legend}>{t('missions.texts')}</legend>
            <label className={`${styles.filter} ${styles.wide}`}>
              <span>{t('missions.field.language')}</span>
              <select
                value={language}
                onChange={(event) => setLanguage(event.target.value as LanguageCode)}
                data-testid="mission-language"
              >
                {languages.map((lang) => (
                  <option key={lang} value={lang}>
                    {languageName(lang)}
                    {values.titles[lang]?.trim() ? ' ✓' : ''}
                  </option>
                ))}
              </select>
            </label>
            <div key={language} className={styles.wide}>
              <Field
                label={t('missions.field.titleIn', { language: languageName(language) })}
                htmlFor={id(`titles.${language}`)}
                error={fieldErrorAt(errors, `titles.${language}`)}
                isRequired={language === defaultLanguage}
              >
                {textInput(`titles.${language}`, 'text')}
              </Field>
              <Field
                label={t('missions.field.descriptionIn', { language: languageName(language) })}
                htmlFor={id(`descriptions.${language}`)}
                error={fieldErrorAt(errors, `descriptions.${language}`)}
              >
                <textarea
                  id={id(`descriptions.${language}`)}
                  rows={3}
                  aria-describedby={`${id(`descriptions.${language}`)}-error`}
                  {...register(`descriptions.${language}` as keyof MissionValues)}
                />
              </Field>
            </div>
          </fieldset>
        </form>
        <MissionPreview
          kind={values.kind}
          period={values.period}
          category={hasCategory ? values.category : 'all'}
          target={values.target}
          reward={values.reward}
          score={values.score}
          currency={currency}
          title={values.titles[language] ?? ''}
          description={values.descriptions[language] ?? ''}
        />
      </div>
    </Dialog>
  );
};
