import {
  type AdminVipLevel,
  type AdminVipLevels,
  type LanguageCode,
  type VipLevelInput,
  vipAmountFields,
  vipLevelSchemaFor,
  vipRequirementsOf,
} from '@tessera/contracts';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useCreateVipLevel, useUpdateVipLevel } from '../api/change-vip-level';
import styles from './promotions.module.css';

/** What the form holds: a name and a benefits text for each of the merchant's languages, the three amounts. */
type LevelValues = {
  names: Partial<Record<LanguageCode, string>>;
  benefits: Partial<Record<LanguageCode, string>>;
  depositRequirement: string;
  validBetRequirement: string;
  upgradeBonus: string;
};

const valuesOf = (level: AdminVipLevel | null, languagesOfMerchant: readonly LanguageCode[]): LevelValues => ({
  names: Object.fromEntries(languagesOfMerchant.map((code) => [code, level?.names[code] ?? ''])),
  benefits: Object.fromEntries(languagesOfMerchant.map((code) => [code, (level?.benefits[code] ?? []).join('\n')])),
  depositRequirement: level?.depositRequirement ?? '',
  validBetRequirement: level?.validBetRequirement ?? '',
  upgradeBonus: level?.upgradeBonus ?? '',
});

export interface VipLevelDialogProps {
  code: string;
  data: AdminVipLevels;
  /** The level edited, `'new'` for a level above the highest, or null when closed. */
  editing: AdminVipLevel | 'new' | null;
  onSaved: (rankLevel: number) => void;
  onClose: () => void;
}

/** Adds or edits one level in a dialog; the form judges it as the server does, the levels around it as bounds. */
export const VipLevelDialog = ({ code, data, editing, onSaved, onClose }: VipLevelDialogProps) => {
  const { t } = useTranslation();
  const rankLevel = editing === 'new' ? (data.levels.at(-1)?.rankLevel ?? 0) + 1 : (editing?.rankLevel ?? 0);
  return (
    <Dialog
      isOpen={editing !== null}
      title={editing === 'new' ? t('vip.addTitle', { level: rankLevel }) : t('vip.editTitle', { level: rankLevel })}
      onClose={onClose}
      size="md"
    >
      {editing !== null ? (
        <VipLevelForm
          key={`${code}-${rankLevel}`}
          code={code}
          data={data}
          level={editing === 'new' ? null : editing}
          rankLevel={rankLevel}
          onSaved={onSaved}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
};

const VipLevelForm = ({
  code,
  data,
  level,
  rankLevel,
  onSaved,
  onClose,
}: {
  code: string;
  data: AdminVipLevels;
  level: AdminVipLevel | null;
  rankLevel: number;
  onSaved: (rankLevel: number) => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const ids = useId();
  const create = useCreateVipLevel(code);
  const update = useUpdateVipLevel(code);
  const mutation = level ? update : create;
  const { currency, defaultLanguage } = data;
  const otherLanguages = data.supportedLanguages.filter((language) => language !== defaultLanguage);
  const resolver = useMemo(() => {
    const neighbour = (rank: number) => {
      const found = data.levels.find((row) => row.rankLevel === rank);
      return found ? vipRequirementsOf(found, currency) : null;
    };
    const schema = vipLevelSchemaFor({
      currency,
      defaultLanguage,
      supportedLanguages: data.supportedLanguages,
      lower: neighbour(rankLevel - 1),
      higher: neighbour(rankLevel + 1),
    });
    return contractResolver<LevelValues, VipLevelInput>(schema);
  }, [data, currency, defaultLanguage, rankLevel]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LevelValues, unknown, VipLevelInput>({
    resolver,
    defaultValues: valuesOf(level, data.supportedLanguages),
  });
  const languageName = useMemo(languageNameOf, []);
  const hasTranslationError = otherLanguages.some(
    (language) => fieldErrorAt(errors, `names.${language}`) || fieldErrorAt(errors, `benefits.${language}`),
  );

  const onSubmit = async (input: VipLevelInput) => {
    try {
      if (level) await update.mutateAsync({ rankLevel, input });
      else await create.mutateAsync(input);
      onSaved(rankLevel);
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };
  const hasFieldErrors = isApiError(mutation.error) && mutation.error.fieldErrors.length > 0;

  const languageFields = (language: LanguageCode) => {
    const nameId = `${ids}-name-${language}`;
    const benefitsId = `${ids}-benefits-${language}`;
    const nameError = fieldErrorAt(errors, `names.${language}`);
    const benefitsError = fieldErrorAt(errors, `benefits.${language}`);
    return (
      <div key={language} className={styles.languageRow} data-language={language}>
        <Field
          label={t('vip.nameIn', { language: languageName(language) })}
          htmlFor={nameId}
          error={nameError}
          isRequired={language === defaultLanguage}
        >
          <input
            id={nameId}
            className={styles.input}
            autoComplete="off"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={`${nameId}-error`}
            {...register(`names.${language}`)}
          />
        </Field>
        <Field
          label={t('vip.benefitsIn', { language: languageName(language) })}
          htmlFor={benefitsId}
          hint={language === defaultLanguage ? t('vip.benefitsHint') : undefined}
          error={benefitsError}
        >
          <textarea
            id={benefitsId}
            className={styles.textarea}
            rows={3}
            aria-invalid={benefitsError ? true : undefined}
            aria-describedby={`${benefitsId}-error`}
            {...register(`benefits.${language}`)}
          />
        </Field>
      </div>
    );
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate data-vip-level-form={rankLevel}>
      <div className={styles.amounts}>
        {vipAmountFields.map((field) => {
          const id = `${ids}-${field}`;
          const error = fieldErrorAt(errors, field);
          return (
            <Field key={field} label={t(`vip.${field}`, { currency })} htmlFor={id} error={error} isRequired>
              <input
                id={id}
                className={`${styles.input} ${styles.amount}`}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-error`}
                {...register(field)}
              />
            </Field>
          );
        })}
      </div>
      <p className={styles.note}>{t('vip.orderRule')}</p>
      {languageFields(defaultLanguage)}
      {otherLanguages.length > 0 ? (
        <details className={styles.translations} open={hasTranslationError || undefined}>
          <summary>{t('vip.translations', { count: otherLanguages.length })}</summary>
          <p className={styles.note}>{t('vip.translationsHint')}</p>
          {otherLanguages.map(languageFields)}
        </details>
      ) : null}
      {mutation.isError && !hasFieldErrors ? (
        <Alert tone="danger">{t(`errors.${errorCodeOf(mutation.error)}`)}</Alert>
      ) : null}
      <div className={styles.footer}>
        <Button variant="ghost" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button variant="primary" type="submit" isBusy={mutation.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
};
