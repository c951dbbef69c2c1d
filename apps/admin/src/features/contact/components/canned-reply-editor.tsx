import {
  CANNED_REPLY_LIMITS,
  type CannedReply,
  CHAT_LIMITS,
  type LanguageCode,
  languageCodes,
} from '@tessera/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { languageNameOf } from '../../../shared/i18n/language-name';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useCannedReplyActions } from '../api/canned-replies-api';
import styles from './contact.module.css';

interface CannedReplyValues {
  shortcut: string;
  title: string;
  body: string;
  /** '' for any language. */
  language: string;
}

/**
 * Adds or edits one canned reply: its shortcut (what the operator types after "/"), title, text and language. The
 * server judges the edit with the contract's schema; its refusals (a shortcut in use, a text too long) show under
 * their fields, and nothing is saved.
 */
export const CannedReplyEditor = ({
  code,
  reply,
  onClose,
  onSaved,
}: {
  code: string;
  /** The reply to edit, or null to add one. */
  reply: CannedReply | null;
  onClose: () => void;
  onSaved: (saved: CannedReply) => void;
}) => {
  const { t } = useTranslation();
  const { save } = useCannedReplyActions(code);
  const languageName = languageNameOf();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CannedReplyValues>({
    defaultValues: {
      shortcut: reply?.shortcut ?? '',
      title: reply?.title ?? '',
      body: reply?.body ?? '',
      language: reply?.language ?? '',
    },
  });
  const aria = (name: keyof CannedReplyValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': `canned-${name}-error`,
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const input = { ...values, language: values.language ? (values.language as LanguageCode) : null };
      onSaved(await save.mutateAsync({ id: reply?.id ?? null, input }));
    } catch (error) {
      const unmatched = isApiError(error) ? applyServerFieldErrors(setError, error.fieldErrors) : [];
      if (!isApiError(error) || error.fieldErrors.length === 0 || unmatched.length > 0)
        setFormError(errorCodeOf(error));
    }
  });

  return (
    <Dialog
      isOpen
      size="md"
      title={reply ? t('contact.canned.editTitle') : t('contact.canned.addTitle')}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="canned-reply-form" variant="primary" isBusy={save.isPending}>
            {t('common.save')}
          </Button>
        </>
      }
    >
      <form
        id="canned-reply-form"
        className={styles.stack}
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        data-canned-form={reply?.id ?? 'new'}
      >
        {formError ? (
          <Alert tone="danger" title={t(`errors.${formError}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <Field
          label={t('contact.canned.shortcut')}
          htmlFor="canned-shortcut"
          hint={t('contact.canned.shortcutHint', { max: CANNED_REPLY_LIMITS.shortcutMax })}
          error={errors.shortcut}
          isRequired
        >
          <div className={styles.prefixed}>
            <span aria-hidden="true">/</span>
            <input id="canned-shortcut" autoComplete="off" {...register('shortcut')} {...aria('shortcut')} />
          </div>
        </Field>
        <Field label={t('contact.canned.titleField')} htmlFor="canned-title" error={errors.title} isRequired>
          <input id="canned-title" autoComplete="off" {...register('title')} {...aria('title')} />
        </Field>
        <Field
          label={t('contact.canned.body')}
          htmlFor="canned-body"
          hint={t('contact.canned.bodyHint', { max: CHAT_LIMITS.messageMax })}
          error={errors.body}
          isRequired
        >
          <textarea id="canned-body" rows={5} {...register('body')} {...aria('body')} />
        </Field>
        <Field label={t('contact.canned.language')} htmlFor="canned-language" error={errors.language}>
          <select id="canned-language" {...register('language')} {...aria('language')}>
            <option value="">{t('contact.canned.anyLanguage')}</option>
            {languageCodes.map((lang) => (
              <option key={lang} value={lang}>
                {languageName(lang)}
              </option>
            ))}
          </select>
        </Field>
      </form>
    </Dialog>
  );
};
