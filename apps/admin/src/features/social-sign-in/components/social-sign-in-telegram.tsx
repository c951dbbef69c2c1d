import { type AdminSocialSignInTelegram, SOCIAL_SIGN_IN_LIMITS } from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf, formErrorOf } from '../../../shared/api/field-error-of';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import { Switch } from '../../../shared/ui/switch';
import { useSaveSocialSignInTelegram, useSocialSignInTelegram } from '../api/social-sign-in-api';
import styles from './social-sign-in.module.css';

interface Draft {
  botUsername: string;
  botToken: string;
  enabled: boolean;
}

const draftOf = (telegram: AdminSocialSignInTelegram | undefined): Draft => ({
  botUsername: telegram?.botUsername ?? '',
  botToken: '',
  enabled: telegram?.id ? telegram.enabled : true,
});

/** The form, started from the stored settings (remounted when they change). */
const TelegramForm = ({ code, telegram }: { code: string; telegram: AdminSocialSignInTelegram | undefined }) => {
  const { t } = useTranslation();
  const save = useSaveSocialSignInTelegram(code);
  const [draft, setDraft] = useState<Draft>(() => draftOf(telegram));
  const formError = formErrorOf(save.error);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, { onSuccess: () => set({ botToken: '' }) });
  };

  return (
    <>
      <form className={styles.form} onSubmit={onSubmit} data-form="social-telegram">
        <Field
          label={t('socialSignIn.botUsername')}
          htmlFor="telegram-bot-username"
          hint={t('socialSignIn.botUsernameHint')}
          error={fieldErrorOf(save.error, 'botUsername')}
          isRequired
        >
          <input
            id="telegram-bot-username"
            value={draft.botUsername}
            maxLength={SOCIAL_SIGN_IN_LIMITS.telegramBotUsernameMax + 1}
            placeholder="ExampleLoginBot"
            autoComplete="off"
            onChange={(event) => set({ botUsername: event.target.value })}
          />
        </Field>
        <Field
          label={t('socialSignIn.botToken')}
          htmlFor="telegram-bot-token"
          hint={telegram?.botTokenSet ? t('socialSignIn.botTokenReplaceHint') : t('socialSignIn.botTokenHint')}
          error={fieldErrorOf(save.error, 'botToken')}
          isRequired={!telegram?.botTokenSet}
        >
          <input
            id="telegram-bot-token"
            type="password"
            autoComplete="new-password"
            maxLength={SOCIAL_SIGN_IN_LIMITS.telegramBotTokenMax}
            value={draft.botToken}
            onChange={(event) => set({ botToken: event.target.value })}
          />
        </Field>
        <Switch
          id="telegram-enabled"
          isOn={draft.enabled}
          onChange={(enabled) => set({ enabled })}
          label={t('socialSignIn.telegramEnabled')}
          isLabelVisible
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {t('socialSignIn.telegramSave')}
          </Button>
        </div>
      </form>
      {formError ? <Alert tone="danger">{t(`errors.${formError}`)}</Alert> : null}
    </>
  );
};

/**
 * The merchant's Telegram login (decision 0173): the bot's username and token (never shown: "set", and a new value
 * replaces it), and whether members see the Telegram button.
 */
export const SocialSignInTelegram = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const telegram = useSocialSignInTelegram(code);
  const value = telegram.data;

  return (
    <Panel id="social-sign-in-telegram" title={t('socialSignIn.telegramTitle')}>
      <p className={styles.callout}>{t('socialSignIn.telegramDescription')}</p>
      <p className={styles.status} data-telegram-status="">
        <Badge tone={value?.enabled ? 'success' : 'neutral'}>
          {value?.enabled ? t('socialSignIn.enabled') : t('socialSignIn.disabled')}
        </Badge>
        <span>
          {t('socialSignIn.botToken')}:{' '}
          <Badge tone={value?.botTokenSet ? 'success' : 'neutral'}>
            {value?.botTokenSet ? t('socialSignIn.secretSet') : t('socialSignIn.secretNotSet')}
          </Badge>
        </span>
        <span>
          {t('socialSignIn.links')}: {value?.links ?? 0}
        </span>
      </p>
      {canManage && telegram.isSuccess ? (
        <TelegramForm key={value?.updatedAt ?? 'new'} code={code} telegram={value} />
      ) : null}
    </Panel>
  );
};
