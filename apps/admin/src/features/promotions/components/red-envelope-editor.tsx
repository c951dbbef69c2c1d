import type { AdminRedEnvelope, LanguageCode, MerchantSettings, RedEnvelopeInput } from '@tessera/contracts';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Panel } from '../../../shared/ui/panel';
import { SwitchRow } from '../../../shared/ui/switch-row';
import { useSaveRedEnvelope } from '../api/red-envelopes-api';
import { useEditorFields } from './editor-fields';
import { EditorFooter } from './editor-footer';
import styles from './promotion-engine.module.css';
import envelopeStyles from './red-envelopes.module.css';
import { RegionPicker } from './region-picker';

const DAY_MS = 86_400_000;

interface EnvelopeFormValues {
  texts: Record<string, { title: string; blessing: string }>;
  totalAmount: string;
  shares: string;
  startsAt: string | null;
  endsAt: string | null;
  enabled: boolean;
  minVipLevel: string;
  newMembersOnly: boolean;
  regions: string[];
  wageringMultiple: string;
  bonusExpiryDays: string;
}

const valuesOf = (envelope: AdminRedEnvelope | null, settings: MerchantSettings): EnvelopeFormValues => {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  return {
    texts: Object.fromEntries(
      settings.supportedLanguages.map((language) => [
        language,
        { title: '', blessing: '', ...(envelope?.texts[language] ?? {}) },
      ]),
    ),
    totalAmount: envelope?.totalAmount ?? '',
    shares: String(envelope?.shares ?? 10),
    // A new envelope opens this minute for a day unless the operator says otherwise.
    startsAt: envelope?.startsAt ?? new Date(minute).toISOString(),
    endsAt: envelope?.endsAt ?? new Date(minute + DAY_MS).toISOString(),
    enabled: envelope?.enabled ?? true,
    minVipLevel: String(envelope?.minVipLevel ?? 0),
    newMembersOnly: envelope?.newMembersOnly ?? false,
    regions: envelope?.regions ?? [],
    wageringMultiple: String(envelope?.wageringMultiple ?? 0),
    bonusExpiryDays: String(envelope?.bonusExpiryDays ?? 7),
  };
};

/** A whole number as typed, or the text itself for the server to refuse under its field. */
const numberOf = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : (text as unknown as number));

const inputOf = (values: EnvelopeFormValues, defaultLanguage: LanguageCode): RedEnvelopeInput => ({
  texts: Object.fromEntries(
    Object.entries(values.texts).filter(
      ([language, text]) => language === defaultLanguage || `${text.title}${text.blessing}`.trim() !== '',
    ),
  ),
  totalAmount: values.totalAmount.trim(),
  shares: numberOf(values.shares),
  startsAt: values.startsAt ?? '',
  endsAt: values.endsAt ?? '',
  enabled: values.enabled,
  minVipLevel: numberOf(values.minVipLevel),
  newMembersOnly: values.newMembersOnly,
  regions: values.regions,
  wageringMultiple: numberOf(values.wageringMultiple),
  bonusExpiryDays: numberOf(values.bonusExpiryDays),
});

export interface RedEnvelopeEditorProps {
  code: string;
  settings: MerchantSettings;
  /** The envelope edited, or null for a new one. */
  envelope: AdminRedEnvelope | null;
  onSaved: (envelope: AdminRedEnvelope) => void;
  onClose: () => void;
}

/**
 * Creates or edits a red envelope: total and shares (fixed once created: the split is made and committed then),
 * window, eligibility, wagering, and title and blessing per language, beside a preview of the member's envelope.
 */
export const RedEnvelopeEditor = ({ code, settings, envelope, onSaved, onClose }: RedEnvelopeEditorProps) => {
  const { t } = useTranslation();
  const ids = useId();
  const save = useSaveRedEnvelope(code);
  const { currency, defaultLanguage, supportedLanguages, timeZone } = settings;
  const otherLanguages = supportedLanguages.filter((language) => language !== defaultLanguage);
  const isNew = envelope === null;
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    formState: { errors },
  } = useForm<EnvelopeFormValues>({ defaultValues: valuesOf(envelope, settings) });
  const values = watch();
  const languageName = useMemo(languageNameOf, []);

  const onSubmit = async (form: EnvelopeFormValues) => {
    try {
      onSaved(await save.mutateAsync({ id: envelope?.id ?? null, input: inputOf(form, defaultLanguage) }));
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };

  const { textField, dateField } = useEditorFields({ ids, register, control, errors, timeZone });

  const languageFields = (language: LanguageCode) => (
    <div key={language} className={styles.language} data-language={language}>
      <h4 className={styles.languageTitle}>{languageName(language)}</h4>
      <div className={styles.grid}>
        {textField(`texts.${language}.title`, t('promotions.field.title'), {
          isRequired: language === defaultLanguage,
        })}
        {textField(`texts.${language}.blessing`, t('redEnvelopes.field.blessing'))}
      </div>
    </div>
  );

  const preview = values.texts[defaultLanguage] ?? { title: '', blessing: '' };
  const shares = Number(values.shares);
  return (
    <div className={styles.editor} data-red-envelope-editor={envelope?.id ?? 'new'}>
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <Panel title={t('redEnvelopes.section.split')} description={t('redEnvelopes.hint.split')}>
          <div className={styles.grid}>
            {textField('totalAmount', t('redEnvelopes.field.totalAmount', { currency }), {
              inputMode: 'decimal',
              isRequired: true,
              isReadOnly: !isNew,
            })}
            {textField('shares', t('redEnvelopes.field.shares'), {
              inputMode: 'numeric',
              isRequired: true,
              isReadOnly: !isNew,
              hint: t('redEnvelopes.hint.shares'),
            })}
          </div>
          {envelope ? (
            <p className={styles.hint}>
              {t('redEnvelopes.seedHash')} <code className={envelopeStyles.hash}>{envelope.seedHash}</code>
            </p>
          ) : null}
          <Controller
            control={control}
            name="enabled"
            render={({ field }) => (
              <SwitchRow
                id={`${ids}-enabled`}
                title={t('promotions.field.enabled')}
                hint={t('redEnvelopes.hint.enabled')}
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
            {textField('minVipLevel', t('promotions.field.minVipLevel'), {
              inputMode: 'numeric',
              hint: t('promotions.hint.minVipLevel'),
            })}
            {textField('wageringMultiple', t('promotions.field.wageringMultiple'), {
              inputMode: 'numeric',
              hint: t('redEnvelopes.hint.wageringMultiple'),
            })}
            {textField('bonusExpiryDays', t('promotions.field.bonusExpiryDays'), { inputMode: 'numeric' })}
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
                hint={t('redEnvelopes.hint.regions')}
                values={field.value}
                onChange={field.onChange}
                error={fieldErrorAt(errors, 'regions')?.message}
              />
            )}
          />
        </Panel>

        <Panel title={t('promotions.section.texts')} description={t('promotions.hint.texts')}>
          {languageFields(defaultLanguage)}
          {otherLanguages.length > 0 ? (
            <details className={styles.translations}>
              <summary>{t('promotions.translations', { count: otherLanguages.length })}</summary>
              {otherLanguages.map(languageFields)}
            </details>
          ) : null}
        </Panel>

        <EditorFooter error={save.error} isPending={save.isPending} onClose={onClose} />
      </form>
      <aside className={styles.previewColumn} aria-label={t('promotions.preview.title')}>
        <div className={styles.previewSticky}>
          <h3 className={styles.previewTitle}>{t('promotions.preview.title')}</h3>
          <div className={envelopeStyles.preview} data-red-envelope-preview>
            <p className={envelopeStyles.previewTitle} dir="auto">
              {preview.title || t('redEnvelopes.preview.untitled')}
            </p>
            {preview.blessing ? (
              <p className={envelopeStyles.previewBlessing} dir="auto">
                {preview.blessing}
              </p>
            ) : null}
            <p className={envelopeStyles.previewTotal}>
              {values.totalAmount ? `${values.totalAmount} ${currency}` : '—'}
            </p>
            <p className={envelopeStyles.previewShares}>
              {t('redEnvelopes.preview.shares', { count: Number.isFinite(shares) ? shares : 0 })}
            </p>
          </div>
          <p className={styles.hint}>{t('redEnvelopes.preview.hint')}</p>
        </div>
      </aside>
    </div>
  );
};
