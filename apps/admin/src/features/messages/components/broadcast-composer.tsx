import {
  BROADCAST_LIMITS,
  type Broadcast,
  type BroadcastInput,
  broadcastAudienceKinds,
  type LanguageCode,
  type MerchantSettings,
} from '@tessera/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { ZonedDateTimeField } from '../../../shared/ui/zoned-date-time-field';
import { useBroadcastActions } from '../api/messages-api';
import styles from './messages.module.css';

type Kind = (typeof broadcastAudienceKinds)[number];

interface ComposerValues {
  audience: {
    kind: Kind;
    username: string;
    levels: string;
    agentUsername: string;
    from: string | null;
    to: string | null;
  };
  texts: Partial<Record<LanguageCode, { title: string; body: string }>>;
  when: 'now' | 'later';
  sendAt: string | null;
}

/** The wire form of the composer's values: only the chosen audience's fields, only the languages written. */
export const broadcastInputOf = (values: ComposerValues): BroadcastInput => {
  const { audience } = values;
  const texts = Object.fromEntries(
    Object.entries(values.texts).filter(([, text]) => text && (text.title.trim() || text.body.trim())),
  ) as BroadcastInput['texts'];
  const sendAt = values.when === 'later' ? values.sendAt : null;
  switch (audience.kind) {
    case 'member':
      return { audience: { kind: 'member', username: audience.username }, texts, sendAt };
    case 'team':
      return { audience: { kind: 'team', agentUsername: audience.agentUsername }, texts, sendAt };
    case 'vip':
      return {
        audience: {
          kind: 'vip',
          levels: audience.levels
            .split(/[\s,]+/)
            .filter(Boolean)
            .map(Number),
        },
        texts,
        sendAt,
      };
    case 'registered':
      return { audience: { kind: 'registered', from: audience.from ?? '', to: audience.to ?? '' }, texts, sendAt };
    case 'all':
      return { audience: { kind: 'all' }, texts, sendAt };
  }
};

/**
 * Writes a message to members (decision 0121): who receives it, its title and text per language (the merchant's
 * default language required: members whose language has no text read that one), and when it goes. The server judges
 * it; its refusals show under their fields and nothing is sent.
 */
export const BroadcastComposer = ({
  code,
  settings,
  onClose,
  onSent,
}: {
  code: string;
  settings: Pick<MerchantSettings, 'defaultLanguage' | 'supportedLanguages' | 'timeZone'>;
  onClose: () => void;
  onSent: (sent: Broadcast) => void;
}) => {
  const { t } = useTranslation();
  const { send } = useBroadcastActions(code);
  const languageName = languageNameOf();
  const [language, setLanguage] = useState<LanguageCode>(settings.defaultLanguage);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ComposerValues>({
    defaultValues: {
      audience: { kind: 'all', username: '', levels: '', agentUsername: '', from: null, to: null },
      texts: {},
      when: 'now',
      sendAt: null,
    },
  });
  const kind = watch('audience.kind');
  const when = watch('when');
  const texts = watch('texts');
  const id = (name: string) => `broadcast-${name.replaceAll('.', '-')}`;
  const aria = (name: string) => ({
    'aria-invalid': fieldErrorAt(errors, name) ? true : undefined,
    'aria-describedby': `${id(name)}-error`,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      onSent(await send.mutateAsync(broadcastInputOf(values)));
    } catch (error) {
      const unmatched = isApiError(error) ? applyServerFieldErrors(setError, error.fieldErrors) : [];
      if (isApiError(error)) {
        // A text refused in another language than the one on screen: show that language.
        const textError = error.fieldErrors.find((fieldError) => fieldError.path.startsWith('texts.'));
        const refusedLanguage = textError?.path.split('.')[1] as LanguageCode | undefined;
        if (refusedLanguage && settings.supportedLanguages.includes(refusedLanguage)) setLanguage(refusedLanguage);
      }
      if (!isApiError(error) || error.fieldErrors.length === 0 || unmatched.length > 0)
        setFormError(errorCodeOf(error));
    }
  });

  const titlePath = `texts.${language}.title` as const;
  const bodyPath = `texts.${language}.body` as const;

  return (
    <Dialog
      isOpen
      size="md"
      title={t('messages.composeTitle')}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="broadcast-form" variant="primary" isBusy={send.isPending}>
            {when === 'now' ? t('messages.sendNow') : t('messages.schedule')}
          </Button>
        </>
      }
    >
      <form
        id="broadcast-form"
        className={styles.stack}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-testid="broadcast-form"
      >
        {formError ? (
          <Alert tone="danger" title={t(`errors.${formError}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <fieldset className={styles.fields}>
          <legend className={styles.legend}>{t('messages.audience')}</legend>
          <Field label={t('messages.audienceKind')} htmlFor={id('audience.kind')}>
            <select id={id('audience.kind')} {...register('audience.kind')}>
              {broadcastAudienceKinds.map((value) => (
                <option key={value} value={value}>
                  {t(`messages.kinds.${value}`)}
                </option>
              ))}
            </select>
          </Field>
          {kind === 'member' ? (
            <Field
              label={t('messages.username')}
              htmlFor={id('audience.username')}
              error={fieldErrorAt(errors, 'audience.username')}
              isRequired
            >
              <input
                id={id('audience.username')}
                autoComplete="off"
                {...register('audience.username')}
                {...aria('audience.username')}
              />
            </Field>
          ) : null}
          {kind === 'team' ? (
            <Field
              label={t('messages.agentUsername')}
              htmlFor={id('audience.agentUsername')}
              hint={t('messages.agentUsernameHint')}
              error={fieldErrorAt(errors, 'audience.agentUsername')}
              isRequired
            >
              <input
                id={id('audience.agentUsername')}
                autoComplete="off"
                {...register('audience.agentUsername')}
                {...aria('audience.agentUsername')}
              />
            </Field>
          ) : null}
          {kind === 'vip' ? (
            <Field
              label={t('messages.levels')}
              htmlFor={id('audience.levels')}
              hint={t('messages.levelsHint')}
              error={fieldErrorAt(errors, 'audience.levels')}
              isRequired
            >
              <input
                id={id('audience.levels')}
                inputMode="numeric"
                {...register('audience.levels')}
                {...aria('audience.levels')}
              />
            </Field>
          ) : null}
          {kind === 'registered'
            ? (['from', 'to'] as const).map((edge) => (
                <Controller
                  key={edge}
                  control={control}
                  name={`audience.${edge}`}
                  render={({ field }) => (
                    <ZonedDateTimeField
                      id={id(`audience.${edge}`)}
                      label={t(`messages.registered.${edge}`)}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      timeZone={settings.timeZone}
                      error={fieldErrorAt(errors, `audience.${edge}`)}
                      emptyHint={t('messages.registered.required')}
                    />
                  )}
                />
              ))
            : null}
          {kind !== 'member' ? <p className={styles.muted}>{t('messages.blockedLeftOut')}</p> : null}
        </fieldset>
        <fieldset className={styles.fields}>
          <legend className={styles.legend}>{t('messages.texts')}</legend>
          <label className={styles.filter}>
            <span>{t('messages.language')}</span>
            <select
              value={language}
              onChange={(event) => setLanguage(event.target.value as LanguageCode)}
              data-testid="broadcast-language"
            >
              {settings.supportedLanguages.map((lang) => (
                <option key={lang} value={lang}>
                  {t('messages.languageOption', {
                    language: languageName(lang),
                    state:
                      lang === settings.defaultLanguage
                        ? t('messages.languageDefault')
                        : texts[lang]?.title?.trim()
                          ? t('messages.languageWritten')
                          : t('messages.languageEmpty'),
                  })}
                </option>
              ))}
            </select>
          </label>
          <div key={language} className={styles.stack}>
            <Field
              label={t('messages.titleIn', { language: languageName(language) })}
              htmlFor={id(titlePath)}
              hint={t('messages.titleHint', { max: BROADCAST_LIMITS.titleMax })}
              error={fieldErrorAt(errors, titlePath)}
              isRequired={language === settings.defaultLanguage}
            >
              <input id={id(titlePath)} autoComplete="off" {...register(titlePath)} {...aria(titlePath)} />
            </Field>
            <Field
              label={t('messages.bodyIn', { language: languageName(language) })}
              htmlFor={id(bodyPath)}
              hint={t('messages.bodyHint', { max: BROADCAST_LIMITS.bodyMax })}
              error={fieldErrorAt(errors, bodyPath)}
              isRequired={language === settings.defaultLanguage}
            >
              <textarea id={id(bodyPath)} rows={6} {...register(bodyPath)} {...aria(bodyPath)} />
            </Field>
          </div>
        </fieldset>
        <fieldset className={styles.fields}>
          <legend className={styles.legend}>{t('messages.when')}</legend>
          <div className={styles.choices} role="radiogroup" aria-label={t('messages.when')}>
            {(['now', 'later'] as const).map((value) => (
              <label key={value} className={styles.choice}>
                <input type="radio" value={value} {...register('when')} />
                <span>{t(`messages.whenOptions.${value}`)}</span>
              </label>
            ))}
          </div>
          {when === 'later' ? (
            <Controller
              control={control}
              name="sendAt"
              render={({ field }) => (
                <ZonedDateTimeField
                  id={id('sendAt')}
                  label={t('messages.sendAt')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  timeZone={settings.timeZone}
                  error={fieldErrorAt(errors, 'sendAt')}
                  emptyHint={t('messages.sendAtHint', { days: BROADCAST_LIMITS.scheduleMaxDays })}
                />
              )}
            />
          ) : null}
        </fieldset>
      </form>
    </Dialog>
  );
};
