import {
  type AdminPointItem,
  type AdminPointRules,
  type LanguageCode,
  type PointItemInput,
  type PointItemKind,
  pointItemKinds,
} from '@tessera/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
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
import { ZonedDateTimeField } from '../../../shared/ui/zoned-date-time-field';
import { useSavePointItem } from '../api/points-api';
import { PointItemImage } from './point-item-image';
import styles from './points.module.css';

interface ItemValues {
  kind: PointItemKind;
  names: Partial<Record<LanguageCode, string>>;
  images: Partial<Record<LanguageCode, string>>;
  pointsRequired: string;
  amountRequired: string;
  cashValue: string;
  quantity: string;
  perMemberLimit: string;
  startsAt: string | null;
  endsAt: string | null;
  enabled: boolean;
}

const valuesOf = (item: AdminPointItem | null, languages: readonly LanguageCode[]): ItemValues => ({
  kind: item?.kind ?? 'cash',
  names: Object.fromEntries(languages.map((lang) => [lang, item?.names[lang] ?? ''])),
  images: { ...(item?.images ?? {}) },
  pointsRequired: item?.pointsRequired ?? '',
  amountRequired: item?.amountRequired ?? '0',
  cashValue: item?.cashValue ?? '0',
  quantity: item ? String(item.quantity) : '',
  perMemberLimit: item ? String(item.perMemberLimit) : '1',
  startsAt: item?.startsAt ?? null,
  endsAt: item?.endsAt ?? null,
  enabled: item?.enabled ?? true,
});

/** The form's text as the request: numbers as numbers (blank is not a number; the server answers per field). */
const inputOf = (values: ItemValues): PointItemInput => ({
  ...values,
  images: Object.fromEntries(Object.entries(values.images).filter(([, imageId]) => Boolean(imageId))),
  cashValue: values.kind === 'physical' ? '0' : values.cashValue,
  quantity: values.quantity === '' ? Number.NaN : Number(values.quantity),
  perMemberLimit: values.perMemberLimit === '' ? Number.NaN : Number(values.perMemberLimit),
});

export interface PointItemEditorProps {
  code: string;
  rules: AdminPointRules;
  /** The goods to edit, or null to add new ones. */
  item: AdminPointItem | null;
  onClose: () => void;
  onSaved: (item: AdminPointItem) => void;
}

/**
 * The goods editor: kind (cash credited to the main wallet, or physical goods the operator sends), a name and a
 * picture per language, the points and any cash the member pays, stock, the per-member limit and the schedule on
 * the merchant's clock. The server judges the whole edit; its per-field refusals show under the fields.
 */
export const PointItemEditor = ({ code, rules, item, onClose, onSaved }: PointItemEditorProps) => {
  const { t } = useTranslation();
  const save = useSavePointItem(code);
  const languages = rules.supportedLanguages;
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ItemValues>({ defaultValues: valuesOf(item, languages) });
  const kind = watch('kind');
  const names = watch('names');
  const images = watch('images');
  // One language's name and picture at a time (a merchant may offer dozens); the values of all are kept.
  const [language, setLanguage] = useState<LanguageCode>(rules.defaultLanguage);
  const id = (field: string) => `point-item-${field.replace(/\./g, '-')}`;
  const languageName = languageNameOf();
  const hasFieldErrors = isApiError(save.error) && save.error.fieldErrors.length > 0;

  const onSubmit = async (values: ItemValues) => {
    try {
      onSaved(await save.mutateAsync({ id: item?.id ?? null, input: inputOf(values) }));
    } catch (error) {
      if (!isApiError(error)) return;
      // A refused name or picture of another language: show that language, where the error sits.
      const other = error.fieldErrors
        .map((fieldError) => /^(names|images)\.([A-Z-]+)$/.exec(fieldError.path)?.[2])
        .find((lang): lang is LanguageCode => Boolean(lang) && languages.includes(lang as LanguageCode));
      if (other) setLanguage(other);
      applyServerFieldErrors(setError, error.fieldErrors);
    }
  };

  const textInput = (name: keyof ItemValues | `names.${string}`, inputMode: 'numeric' | 'decimal' | 'text') => (
    <input
      id={id(name)}
      inputMode={inputMode}
      autoComplete="off"
      aria-invalid={fieldErrorAt(errors, name) ? true : undefined}
      aria-describedby={`${id(name)}-error`}
      data-field={name}
      {...register(name as keyof ItemValues)}
    />
  );

  return (
    <Dialog
      isOpen
      size="md"
      title={item ? t('points.item.editTitle') : t('points.item.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="point-item-form" variant="primary" isBusy={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form
        id="point-item-form"
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        data-point-item-form={item?.id ?? 'new'}
      >
        {save.isError && !hasFieldErrors ? (
          <Alert
            tone="danger"
            title={t(`errors.${errorCodeOf(save.error)}`, { defaultValue: t('errors.unknown_error') })}
          />
        ) : null}
        <fieldset className={styles.fields}>
          <Field label={t('points.item.kind')} htmlFor={id('kind')} error={errors.kind}>
            <select id={id('kind')} aria-describedby={`${id('kind')}-error`} {...register('kind')}>
              {pointItemKinds.map((value) => (
                <option key={value} value={value}>
                  {t(`points.kind.${value}`)}
                </option>
              ))}
            </select>
          </Field>
          <div className={styles.wide}>
            <FormSwitch control={control} name="enabled" id={id('enabled')} label={t('points.item.enabled')} />
          </div>
        </fieldset>
        <fieldset className={styles.fields}>
          <legend className={styles.legend}>{t('points.item.namesAndPictures')}</legend>
          <label className={`${styles.filter} ${styles.wide}`}>
            <span>{t('points.item.language')}</span>
            <select
              value={language}
              onChange={(event) => setLanguage(event.target.value as LanguageCode)}
              data-testid="point-item-language"
            >
              {languages.map((lang) => (
                <option key={lang} value={lang}>
                  {t('points.item.languageOption', {
                    language: languageName(lang),
                    state: names[lang]?.trim()
                      ? images[lang]
                        ? t('points.item.hasNameAndPicture')
                        : t('points.item.hasName')
                      : t('points.item.empty'),
                  })}
                </option>
              ))}
            </select>
          </label>
          <div key={language} className={`${styles.wide} ${styles.languageBlock}`} data-language={language}>
            <Field
              label={t('points.item.nameIn', { language: languageName(language) })}
              htmlFor={id(`names.${language}`)}
              error={fieldErrorAt(errors, `names.${language}`)}
              isRequired={language === rules.defaultLanguage}
            >
              {textInput(`names.${language}`, 'text')}
            </Field>
            <Controller
              control={control}
              name={`images.${language}`}
              render={({ field, fieldState }) => (
                <PointItemImage
                  code={code}
                  id={id(`images.${language}`)}
                  label={t('points.item.pictureIn', { language: languageName(language) })}
                  imageId={field.value}
                  error={fieldState.error}
                  onChange={field.onChange}
                  isDisabled={false}
                />
              )}
            />
          </div>
        </fieldset>
        <fieldset className={styles.fields}>
          <legend className={styles.legend}>{t('points.item.requirements')}</legend>
          <Field
            label={t('points.item.pointsRequired')}
            htmlFor={id('pointsRequired')}
            error={errors.pointsRequired}
            isRequired
          >
            {textInput('pointsRequired', 'numeric')}
          </Field>
          <Field
            label={t('points.item.amountRequired', { currency: rules.currency })}
            htmlFor={id('amountRequired')}
            hint={t('points.item.amountRequiredHint')}
            error={errors.amountRequired}
          >
            {textInput('amountRequired', 'decimal')}
          </Field>
          {kind === 'cash' ? (
            <Field
              label={t('points.item.cashValue', { currency: rules.currency })}
              htmlFor={id('cashValue')}
              hint={t('points.item.cashValueHint')}
              error={errors.cashValue}
              isRequired
            >
              {textInput('cashValue', 'decimal')}
            </Field>
          ) : null}
          <Field
            label={t('points.item.quantity')}
            htmlFor={id('quantity')}
            hint={item ? t('points.item.available', { count: item.availableQuantity }) : undefined}
            error={errors.quantity}
            isRequired
          >
            {textInput('quantity', 'numeric')}
          </Field>
          <Field
            label={t('points.item.perMemberLimit')}
            htmlFor={id('perMemberLimit')}
            error={errors.perMemberLimit}
            isRequired
          >
            {textInput('perMemberLimit', 'numeric')}
          </Field>
        </fieldset>
        <fieldset className={styles.fields}>
          <legend className={styles.legend}>{t('points.item.schedule', { timeZone: rules.timeZone })}</legend>
          {(['startsAt', 'endsAt'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <ZonedDateTimeField
                  id={id(name)}
                  label={t(`points.item.${name}`)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  timeZone={rules.timeZone}
                  error={fieldErrorAt(errors, name)}
                  emptyHint={t(name === 'startsAt' ? 'points.item.startsNow' : 'points.item.endsNever')}
                />
              )}
            />
          ))}
        </fieldset>
      </form>
    </Dialog>
  );
};
