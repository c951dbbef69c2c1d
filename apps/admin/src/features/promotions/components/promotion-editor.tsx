import { useQuery } from '@tanstack/react-query';
import {
  type AdminPromotion,
  bonusWageringBases,
  CHAT_APP_REWARD_MAX,
  CONTENT_IMAGE_MAX_BYTES,
  CONTENT_IMAGE_MAX_SIDE,
  gameCategories,
  type LanguageCode,
  type MerchantSettings,
  type PromotionInput,
  promotionCategories,
  promotionFrequencies,
  promotionKinds,
} from '@tessera/contracts';
import { useId, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { currentLocale } from '../../../shared/i18n/i18n';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import { PictureUpload } from '../../../shared/ui/picture-upload';
import { SwitchRow } from '../../../shared/ui/switch-row';
import { vipLevelsQueryOptions } from '../api/get-vip-levels';
import { useSavePromotion, useUploadPromotionImage } from '../api/promotions-api';
import { useEditorFields } from './editor-fields';
import { EditorFooter } from './editor-footer';
import { PromotionCardPreview } from './promotion-card-preview';
import styles from './promotion-engine.module.css';
import type { PromotionFormValues, TextValues } from './promotion-form-values';
import { RegionPicker } from './region-picker';

/** The deposit channel kinds a deposit promotion may be limited to. */
const CHANNEL_KINDS = ['gateway', 'bank_transfer', 'crypto'] as const;
const DEPOSIT_KINDS: readonly string[] = ['first_deposit', 'reload_deposit'];
const DAY_MS = 86_400_000;

const emptyText: TextValues = { title: '', summary: '', content: '', imageUrl: '' };

const valuesOf = (promotion: AdminPromotion | null, settings: MerchantSettings): PromotionFormValues => {
  const now = Date.now();
  return {
    kind: promotion?.kind ?? 'first_deposit',
    category: promotion?.category ?? 'newbie',
    texts: Object.fromEntries(
      settings.supportedLanguages.map((language) => [
        language,
        { ...emptyText, ...(promotion?.texts[language] ?? {}) },
      ]),
    ),
    // A new promotion runs from this minute for 30 days unless the operator says otherwise.
    startsAt: promotion?.startsAt ?? new Date(Math.floor(now / 60_000) * 60_000).toISOString(),
    endsAt: promotion?.endsAt ?? new Date(Math.floor(now / 60_000) * 60_000 + 30 * DAY_MS).toISOString(),
    enabled: promotion?.enabled ?? true,
    sort: String(promotion?.sort ?? 0),
    percent: String(promotion?.percent ?? 0),
    fixedAmount: promotion?.fixedAmount ?? '',
    maxAmount: promotion?.maxAmount ?? '',
    minDeposit: promotion?.minDeposit ?? '',
    turnoverTarget: promotion?.turnoverTarget ?? '',
    wageringMultiple: String(promotion?.wageringMultiple ?? 1),
    wageringBase: promotion?.wageringBase ?? 'bonus',
    wageringCategories: (promotion?.wageringCategories ?? []) as PromotionInput['wageringCategories'],
    bonusExpiryDays: String(promotion?.bonusExpiryDays ?? 7),
    frequency: promotion?.frequency ?? 'once',
    minVipLevel: String(promotion?.minVipLevel ?? 0),
    newMembersOnly: promotion?.newMembersOnly ?? false,
    paymentChannelKinds: promotion?.paymentChannelKinds ?? [],
    regions: promotion?.regions ?? [],
  };
};

/** A whole number as typed, or the text itself for the server to refuse under its field. */
const numberOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : (text as unknown as number));

/** The request from the form: languages left blank are left out, the default language always sent. */
const inputOf = (values: PromotionFormValues, defaultLanguage: LanguageCode): PromotionInput => ({
  ...values,
  texts: Object.fromEntries(
    Object.entries(values.texts).filter(
      ([language, text]) =>
        language === defaultLanguage || (text && Object.values(text).some((value) => value.trim() !== '')),
    ),
  ),
  startsAt: values.startsAt ?? '',
  endsAt: values.endsAt ?? '',
  sort: numberOf(values.sort),
  percent: numberOf(values.percent),
  wageringMultiple: numberOf(values.wageringMultiple),
  bonusExpiryDays: numberOf(values.bonusExpiryDays),
  minVipLevel: numberOf(values.minVipLevel),
  fixedAmount: values.fixedAmount.trim() || '0',
  maxAmount: values.maxAmount.trim() || '0',
  minDeposit: values.minDeposit.trim() || '0',
  turnoverTarget: values.turnoverTarget.trim() || '0',
});

export interface PromotionEditorProps {
  code: string;
  settings: MerchantSettings;
  /** The promotion edited, or null for a new one. */
  promotion: AdminPromotion | null;
  /** Whether the operator may read the VIP levels: then the lowest level is picked by name. */
  canReadVip: boolean;
  onSaved: (promotion: AdminPromotion) => void;
  onClose: () => void;
}

/**
 * Creates or edits one promotion of the engine: kind, category, eligibility, schedule, reward and wagering, text
 * and picture per language, beside a preview of the member's card. The server judges it (amounts in the merchant's
 * currency, the default language required); its refusals show under their fields.
 */
export const PromotionEditor = ({ code, settings, promotion, canReadVip, onSaved, onClose }: PromotionEditorProps) => {
  const { t } = useTranslation();
  const ids = useId();
  const save = useSavePromotion(code);
  const uploadImage = useUploadPromotionImage(code);
  const { currency, defaultLanguage, supportedLanguages, timeZone } = settings;
  const otherLanguages = supportedLanguages.filter((language) => language !== defaultLanguage);
  const [previewLanguage, setPreviewLanguage] = useState<LanguageCode>(defaultLanguage);
  const vip = useQuery({ ...vipLevelsQueryOptions(code), enabled: canReadVip });
  const vipLevels = vip.data?.levels ?? [];
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    setValue,
    formState: { errors },
  } = useForm<PromotionFormValues>({ defaultValues: valuesOf(promotion, settings) });
  const values = watch();
  const isDeposit = DEPOSIT_KINDS.includes(values.kind);
  const languageName = useMemo(languageNameOf, []);
  const hasTranslationError = otherLanguages.some(
    (language) => fieldErrorAt(errors, `texts.${language}`) !== undefined,
  );

  const onSubmit = async (form: PromotionFormValues) => {
    try {
      onSaved(await save.mutateAsync({ id: promotion?.id ?? null, input: inputOf(form, defaultLanguage) }));
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };

  const { textField, dateField } = useEditorFields({ ids, register, control, errors, timeZone });

  /** A select of fixed options registered at `name`. */
  const selectField = (name: 'kind' | 'category' | 'frequency' | 'wageringBase', options: readonly string[]) => {
    const id = `${ids}-${name}`;
    const error = fieldErrorAt(errors, name);
    return (
      <Field label={t(`promotions.field.${name}`)} htmlFor={id} error={error}>
        <select id={id} aria-invalid={error ? true : undefined} aria-describedby={`${id}-error`} {...register(name)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {t(`promotions.${name}Option.${option}`)}
            </option>
          ))}
        </select>
      </Field>
    );
  };

  /** A group of checkboxes giving an array at `name`; none checked means every option. */
  const checkGroup = (
    name: 'wageringCategories' | 'paymentChannelKinds',
    options: readonly string[],
    labelOf: (option: string) => string,
  ) => {
    const error = fieldErrorAt(errors, name);
    return (
      <fieldset className={styles.checks} aria-describedby={`${ids}-${name}-error`}>
        <legend>{t(`promotions.field.${name}`)}</legend>
        <p className={styles.hint}>{t(`promotions.hint.${name}`)}</p>
        <div className={styles.checkList}>
          {options.map((option) => (
            <label key={option} className={styles.check}>
              <input type="checkbox" value={option} {...register(name)} />
              {labelOf(option)}
            </label>
          ))}
        </div>
        {error ? (
          <p className={styles.error} id={`${ids}-${name}-error`} role="alert">
            {t(`fieldErrors.${error.message}`, { defaultValue: t('fieldErrors.field_invalid') })}
          </p>
        ) : null}
      </fieldset>
    );
  };

  const languageFields = (language: LanguageCode) => (
    <div key={language} className={styles.language} data-language={language}>
      <h4 className={styles.languageTitle}>{languageName(language)}</h4>
      <div className={styles.grid}>
        {textField(`texts.${language}.title`, t('promotions.field.title'), {
          isRequired: language === defaultLanguage,
        })}
        {textField(`texts.${language}.imageUrl`, t('promotions.field.imageUrl'), {
          hint: t('promotions.hint.imageUrl'),
        })}
      </div>
      <PictureUpload
        id={`${ids}-${language}-picture`}
        label={t('promotions.field.picture')}
        hint={t('promotions.hint.picture', { mb: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024, side: CONTENT_IMAGE_MAX_SIDE })}
        imageUrl={values.texts[language]?.imageUrl || undefined}
        maxBytes={CONTENT_IMAGE_MAX_BYTES}
        upload={uploadImage}
        onUploaded={(image) => setValue(`texts.${language}.imageUrl`, image.url, { shouldDirty: true })}
        onRemove={() => setValue(`texts.${language}.imageUrl`, '', { shouldDirty: true })}
      />
      {textField(`texts.${language}.summary`, t('promotions.field.summary'))}
      {textField(`texts.${language}.content`, t('promotions.field.content'), { isArea: true })}
    </div>
  );

  return (
    <div className={styles.editor} data-promotion-editor={promotion?.id ?? 'new'}>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <Panel title={t('promotions.section.basics')}>
          <div className={styles.grid}>
            {selectField('kind', promotionKinds)}
            {selectField('category', promotionCategories)}
            {textField('sort', t('promotions.field.sort'), { inputMode: 'numeric', hint: t('promotions.hint.sort') })}
          </div>
          <p className={styles.hint}>{t(`promotions.kindHint.${values.kind}`)}</p>
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <SwitchRow
                id={`${ids}-enabled`}
                title={t('promotions.field.enabled')}
                hint={t('promotions.hint.enabled')}
                isOn={field.value}
                onChange={field.onChange}
              />
            )}
          />
        </Panel>

        <Panel title={t('promotions.section.schedule')} description={t('promotions.hint.schedule', { timeZone })}>
          <div className={styles.grid}>
            {dateField('startsAt', t('promotions.field.startsAt'))}
            {dateField('endsAt', t('promotions.field.endsAt'))}
          </div>
        </Panel>

        <Panel title={t('promotions.section.eligibility')}>
          <div className={styles.grid}>
            {selectField('frequency', promotionFrequencies)}
            {vipLevels.length > 0 ? (
              <Field
                label={t('promotions.field.minVipLevel')}
                htmlFor={`${ids}-minVipLevel`}
                error={fieldErrorAt(errors, 'minVipLevel')}
              >
                <select
                  id={`${ids}-minVipLevel`}
                  aria-describedby={`${ids}-minVipLevel-error`}
                  {...register('minVipLevel')}
                >
                  <option value="0">{t('promotions.vipEvery')}</option>
                  {vipLevels.map((level) => (
                    <option key={level.rankLevel} value={String(level.rankLevel)}>
                      {t('promotions.vipLevel', {
                        level: level.rankLevel,
                        name: level.names[previewLanguage] ?? level.names[defaultLanguage] ?? '',
                      })}
                    </option>
                  ))}
                </select>
              </Field>
            ) : (
              textField('minVipLevel', t('promotions.field.minVipLevel'), {
                inputMode: 'numeric',
                hint: t('promotions.hint.minVipLevel'),
              })
            )}
          </div>
          <Controller
            control={control}
            name="newMembersOnly"
            render={({ field }) => (
              <SwitchRow
                id={`${ids}-newMembersOnly`}
                title={t('promotions.field.newMembersOnly')}
                hint={t('promotions.hint.newMembersOnly')}
                isOn={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Controller
            control={control}
            name="regions"
            render={({ field }) => (
              <RegionPicker
                id={`${ids}-regions`}
                hint={t('promotions.hint.regions')}
                values={field.value}
                onChange={field.onChange}
                error={fieldErrorAt(errors, 'regions')?.message}
              />
            )}
          />
          {isDeposit ? checkGroup('paymentChannelKinds', CHANNEL_KINDS, (kind) => t(`cashier.channels.${kind}`)) : null}
        </Panel>

        <Panel title={t('promotions.section.reward')} description={t('promotions.hint.currency', { currency })}>
          <div className={styles.grid}>
            {isDeposit
              ? textField('percent', t('promotions.field.percent'), {
                  inputMode: 'numeric',
                  hint: t('promotions.hint.percent'),
                })
              : null}
            {textField('fixedAmount', t('promotions.field.fixedAmount', { currency }), {
              inputMode: 'decimal',
              hint: isDeposit
                ? t('promotions.hint.fixedAmountDeposit')
                : values.kind === 'chat_app'
                  ? t('promotions.hint.fixedAmountChatApp', {
                      max: new Intl.NumberFormat(currentLocale()).format(Number(CHAT_APP_REWARD_MAX)),
                    })
                  : undefined,
              isRequired: !isDeposit,
            })}
            {isDeposit
              ? textField('maxAmount', t('promotions.field.maxAmount', { currency }), {
                  inputMode: 'decimal',
                  hint: t('promotions.hint.zeroNone'),
                })
              : null}
            {isDeposit
              ? textField('minDeposit', t('promotions.field.minDeposit', { currency }), {
                  inputMode: 'decimal',
                  hint: t('promotions.hint.zeroNone'),
                })
              : null}
            {values.kind === 'turnover_challenge'
              ? textField('turnoverTarget', t('promotions.field.turnoverTarget', { currency }), {
                  inputMode: 'decimal',
                  isRequired: true,
                })
              : null}
          </div>
          <div className={styles.grid}>
            {textField('wageringMultiple', t('promotions.field.wageringMultiple'), {
              inputMode: 'numeric',
              hint: t('promotions.hint.wageringMultiple'),
            })}
            {selectField('wageringBase', bonusWageringBases)}
            {textField('bonusExpiryDays', t('promotions.field.bonusExpiryDays'), { inputMode: 'numeric' })}
          </div>
          {checkGroup('wageringCategories', gameCategories, (category) => t(`rebate.categories.${category}`))}
        </Panel>

        <Panel title={t('promotions.section.texts')} description={t('promotions.hint.texts')}>
          {languageFields(defaultLanguage)}
          {otherLanguages.length > 0 ? (
            <details className={styles.translations} open={hasTranslationError || undefined}>
              <summary>{t('promotions.translations', { count: otherLanguages.length })}</summary>
              {otherLanguages.map(languageFields)}
            </details>
          ) : null}
        </Panel>

        <EditorFooter error={save.error} isPending={save.isPending} onClose={onClose} />
      </form>
      <aside className={styles.previewColumn} aria-label={t('promotions.preview.title')}>
        <div className={styles.previewSticky}>
          <div className={styles.previewHead}>
            <h3 className={styles.previewTitle}>{t('promotions.preview.title')}</h3>
            {supportedLanguages.length > 1 ? (
              <select
                aria-label={t('promotions.preview.language')}
                value={previewLanguage}
                onChange={(event) => setPreviewLanguage(event.target.value as LanguageCode)}
              >
                {supportedLanguages.map((language) => (
                  <option key={language} value={language}>
                    {languageName(language)}
                  </option>
                ))}
              </select>
            ) : null}
          </div>
          <PromotionCardPreview
            values={values}
            text={{ ...emptyText, ...(values.texts[previewLanguage] ?? {}) }}
            fallbackText={{ ...emptyText, ...(values.texts[defaultLanguage] ?? {}) }}
            currency={currency}
            timeZone={timeZone}
          />
          <p className={styles.hint}>{t('promotions.preview.hint')}</p>
        </div>
      </aside>
    </div>
  );
};
