import type { AdminRaffle, FieldError, LanguageCode, MerchantSettings, RaffleInput } from '@tessera/contracts';
import { useId, useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Button } from '../../../shared/ui/button';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { Panel } from '../../../shared/ui/panel';
import { useCreateRaffle } from '../api/raffles-api';
import { useEditorFields } from './editor-fields';
import { EditorFooter } from './editor-footer';
import styles from './promotion-engine.module.css';
import raffleStyles from './raffles.module.css';

const DAY_MS = 86_400_000;

interface RaffleFormValues {
  texts: Record<string, { title: string; text: string }>;
  ticketsFrom: string | null;
  ticketsTo: string | null;
  drawAt: string | null;
  ticketPerDeposit: string;
  ticketPerValidBet: string;
  prizes: { amount: string }[];
}

const initialValues = (settings: MerchantSettings): RaffleFormValues => {
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  return {
    texts: Object.fromEntries(settings.supportedLanguages.map((language) => [language, { title: '', text: '' }])),
    // A new raffle takes tickets from this minute for a week and draws an hour after.
    ticketsFrom: new Date(minute).toISOString(),
    ticketsTo: new Date(minute + 7 * DAY_MS).toISOString(),
    drawAt: new Date(minute + 7 * DAY_MS + 3_600_000).toISOString(),
    ticketPerDeposit: '',
    ticketPerValidBet: '',
    prizes: [{ amount: '' }],
  };
};

const inputOf = (values: RaffleFormValues, defaultLanguage: LanguageCode): RaffleInput => ({
  texts: Object.fromEntries(
    Object.entries(values.texts).filter(
      ([language, text]) => language === defaultLanguage || `${text.title}${text.text}`.trim() !== '',
    ),
  ),
  ticketsFrom: values.ticketsFrom ?? '',
  ticketsTo: values.ticketsTo ?? '',
  drawAt: values.drawAt ?? '',
  ticketPerDeposit: values.ticketPerDeposit.trim(),
  ticketPerValidBet: values.ticketPerValidBet.trim(),
  prizes: values.prizes.map((prize) => prize.amount.trim()),
});

/** The server names a prize `prizes.N` and the list `prizes`; the form keeps them at `prizes.N.amount` and `prizes.root`. */
const formPathOf = (error: FieldError): FieldError => {
  if (error.path === 'prizes') return { ...error, path: 'prizes.root' };
  const prize = /^prizes\.(\d+)$/.exec(error.path);
  return prize ? { ...error, path: `prizes.${prize[1]}.amount` } : error;
};

export interface RaffleEditorProps {
  code: string;
  settings: MerchantSettings;
  onSaved: (raffle: AdminRaffle) => void;
  onClose: () => void;
}

/**
 * Creates a raffle: the ticket window and the draw time, how deposits and valid bets earn tickets, the prizes in
 * draw order, and the title and text per language, beside a preview of the member's card. A raffle cannot change
 * once created (its draw is committed then); the server's refusals show under their fields.
 */
export const RaffleEditor = ({ code, settings, onSaved, onClose }: RaffleEditorProps) => {
  const { t } = useTranslation();
  const ids = useId();
  const create = useCreateRaffle(code);
  const { currency, defaultLanguage, supportedLanguages, timeZone } = settings;
  const otherLanguages = supportedLanguages.filter((language) => language !== defaultLanguage);
  const {
    register,
    handleSubmit,
    setError,
    control,
    watch,
    formState: { errors },
  } = useForm<RaffleFormValues>({ defaultValues: initialValues(settings) });
  const prizes = useFieldArray({ control, name: 'prizes' });
  const values = watch();
  const languageName = useMemo(languageNameOf, []);

  const onSubmit = async (form: RaffleFormValues) => {
    try {
      onSaved(await create.mutateAsync(inputOf(form, defaultLanguage)));
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors.map(formPathOf));
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
        {textField(`texts.${language}.text`, t('raffles.field.text'))}
      </div>
    </div>
  );

  const preview = values.texts[defaultLanguage] ?? { title: '', text: '' };
  return (
    <div className={styles.editor} data-raffle-editor="new">
      <form className={styles.form} onSubmit={handleSubmit(onSubmit)} noValidate>
        <Panel title={t('raffles.section.schedule')} description={t('raffles.hint.schedule', { timeZone })}>
          <div className={styles.grid}>
            {dateField('ticketsFrom', t('raffles.field.ticketsFrom'))}
            {dateField('ticketsTo', t('raffles.field.ticketsTo'))}
            {dateField('drawAt', t('raffles.field.drawAt'))}
          </div>
        </Panel>

        <Panel title={t('raffles.section.tickets')} description={t('raffles.hint.tickets')}>
          <div className={styles.grid}>
            {textField('ticketPerDeposit', t('raffles.field.ticketPerDeposit', { currency }), {
              inputMode: 'decimal',
            })}
            {textField('ticketPerValidBet', t('raffles.field.ticketPerValidBet', { currency }), {
              inputMode: 'decimal',
            })}
          </div>
        </Panel>

        <Panel title={t('raffles.section.prizes')} description={t('raffles.hint.prizes')}>
          <ol className={raffleStyles.prizes}>
            {prizes.fields.map((prize, index) => (
              <li key={prize.id} className={raffleStyles.prize} data-prize={index}>
                {textField(`prizes.${index}.amount`, t('raffles.field.prize', { n: index + 1, currency }), {
                  inputMode: 'decimal',
                  isRequired: true,
                })}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => prizes.remove(index)}
                  aria-label={t('raffles.removePrize', { n: index + 1 })}
                >
                  {t('raffles.remove')}
                </Button>
              </li>
            ))}
          </ol>
          <FieldErrorText error={fieldErrorAt(errors, 'prizes.root')} id={`${ids}-prizes-error`} />
          <div>
            <Button size="sm" onClick={() => prizes.append({ amount: '' })}>
              {t('raffles.addPrize')}
            </Button>
          </div>
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

        <EditorFooter error={create.error} isPending={create.isPending} onClose={onClose} />
      </form>
      <aside className={styles.previewColumn} aria-label={t('promotions.preview.title')}>
        <div className={styles.previewSticky}>
          <h3 className={styles.previewTitle}>{t('promotions.preview.title')}</h3>
          <div className={raffleStyles.preview} data-raffle-preview>
            <p className={raffleStyles.previewTitle} dir="auto">
              {preview.title || t('raffles.preview.untitled')}
            </p>
            {preview.text ? (
              <p className={raffleStyles.previewText} dir="auto">
                {preview.text}
              </p>
            ) : null}
            <p className={raffleStyles.previewPrizes}>
              {values.prizes
                .map((prize) => prize.amount.trim())
                .filter((amount) => amount !== '')
                .map((amount) => `${amount} ${currency}`)
                .join(' · ') || '—'}
            </p>
          </div>
          <p className={styles.hint}>{t('raffles.preview.hint')}</p>
        </div>
      </aside>
    </div>
  );
};
