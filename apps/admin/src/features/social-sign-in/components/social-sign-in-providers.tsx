import {
  type AdminSocialSignInProvider,
  SOCIAL_SIGN_IN_CALLBACK_PATH,
  SOCIAL_SIGN_IN_LIMITS,
} from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorOf, formErrorOf } from '../../../shared/api/field-error-of';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { DataTable } from '../../../shared/ui/data-table';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import { Switch } from '../../../shared/ui/switch';
import { useSaveSocialSignInProvider, useSocialSignInProviders } from '../api/social-sign-in-api';
import styles from './social-sign-in.module.css';

interface Draft {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  enabled: boolean;
}

const EMPTY: Draft = {
  name: '',
  issuer: '',
  clientId: '',
  clientSecret: '',
  scopes: 'openid profile email',
  enabled: true,
};

const draftOf = (provider: AdminSocialSignInProvider): Draft => ({
  name: provider.name,
  issuer: provider.issuer,
  clientId: provider.clientId,
  clientSecret: '',
  scopes: provider.scopes,
  enabled: provider.enabled,
});

/**
 * A merchant's OpenID Connect providers (decision 0165): the list, and a form to add one or change one. The client
 * secret is never shown: "set", and a new value replaces it (left empty, the stored one stays).
 */
export const SocialSignInProviders = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const providers = useSocialSignInProviders(code);
  const save = useSaveSocialSignInProvider(code);
  const [editing, setEditing] = useState<AdminSocialSignInProvider | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const formError = formErrorOf(save.error);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));

  const startEdit = (provider: AdminSocialSignInProvider) => {
    save.reset();
    setEditing(provider);
    setDraft(draftOf(provider));
  };
  const cancel = () => {
    save.reset();
    setEditing(null);
    setDraft(EMPTY);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: editing?.id ?? null, input: draft }, { onSuccess: cancel });
  };

  return (
    <Panel id="social-sign-in-providers" title={t('socialSignIn.providers')}>
      <p className={styles.callout}>
        {t('socialSignIn.callbackHint')}{' '}
        <span className={styles.mono}>{`https://<domain>${SOCIAL_SIGN_IN_CALLBACK_PATH}`}</span>
      </p>
      <DataTable
        columns={[
          t('socialSignIn.name'),
          t('socialSignIn.issuer'),
          t('socialSignIn.clientId'),
          t('socialSignIn.clientSecret'),
          t('socialSignIn.links'),
          t('socialSignIn.state'),
          '',
        ]}
        testId="social-providers"
      >
        {(providers.data?.list ?? []).map((provider) => (
          <tr key={provider.id} data-provider={provider.name}>
            <td data-label={t('socialSignIn.name')}>{provider.name}</td>
            <td data-label={t('socialSignIn.issuer')} className={styles.mono}>
              {provider.issuer}
            </td>
            <td data-label={t('socialSignIn.clientId')} className={styles.mono}>
              {provider.clientId}
            </td>
            <td data-label={t('socialSignIn.clientSecret')}>
              <Badge tone={provider.clientSecretSet ? 'success' : 'neutral'}>
                {provider.clientSecretSet ? t('socialSignIn.secretSet') : t('socialSignIn.secretNotSet')}
              </Badge>
            </td>
            <td data-label={t('socialSignIn.links')}>{provider.links}</td>
            <td data-label={t('socialSignIn.state')}>
              <Badge tone={provider.enabled ? 'success' : 'neutral'}>
                {provider.enabled ? t('socialSignIn.enabled') : t('socialSignIn.disabled')}
              </Badge>
            </td>
            <td>
              {canManage ? (
                <Button size="sm" variant="secondary" onClick={() => startEdit(provider)}>
                  {t('socialSignIn.edit')}
                </Button>
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
      {canManage ? (
        <form className={styles.form} onSubmit={onSubmit} data-form="social-provider">
          <p className={styles.formTitle}>
            {editing ? t('socialSignIn.editTitle', { name: editing.name }) : t('socialSignIn.addTitle')}
          </p>
          <Field
            label={t('socialSignIn.name')}
            htmlFor="social-name"
            error={fieldErrorOf(save.error, 'name')}
            isRequired
          >
            <input
              id="social-name"
              value={draft.name}
              maxLength={SOCIAL_SIGN_IN_LIMITS.nameMax}
              onChange={(event) => set({ name: event.target.value })}
            />
          </Field>
          <Field
            label={t('socialSignIn.issuer')}
            htmlFor="social-issuer"
            hint={t('socialSignIn.issuerHint')}
            error={fieldErrorOf(save.error, 'issuer')}
            isRequired
          >
            <input
              id="social-issuer"
              value={draft.issuer}
              placeholder="https://accounts.example.com"
              onChange={(event) => set({ issuer: event.target.value })}
            />
          </Field>
          <Field
            label={t('socialSignIn.clientId')}
            htmlFor="social-client-id"
            error={fieldErrorOf(save.error, 'clientId')}
            isRequired
          >
            <input
              id="social-client-id"
              value={draft.clientId}
              onChange={(event) => set({ clientId: event.target.value })}
            />
          </Field>
          <Field
            label={t('socialSignIn.clientSecret')}
            htmlFor="social-client-secret"
            hint={editing?.clientSecretSet ? t('socialSignIn.secretReplaceHint') : undefined}
            error={fieldErrorOf(save.error, 'clientSecret')}
            isRequired={!editing}
          >
            <input
              id="social-client-secret"
              type="password"
              autoComplete="new-password"
              value={draft.clientSecret}
              onChange={(event) => set({ clientSecret: event.target.value })}
            />
          </Field>
          <Field
            label={t('socialSignIn.scopes')}
            htmlFor="social-scopes"
            hint={t('socialSignIn.scopesHint')}
            error={fieldErrorOf(save.error, 'scopes')}
            isRequired
          >
            <input id="social-scopes" value={draft.scopes} onChange={(event) => set({ scopes: event.target.value })} />
          </Field>
          <Switch
            id="social-enabled"
            isOn={draft.enabled}
            onChange={(enabled) => set({ enabled })}
            label={t('socialSignIn.enabled')}
            isLabelVisible
          />
          <div className={styles.actions}>
            <Button type="submit" disabled={save.isPending}>
              {editing ? t('socialSignIn.save') : t('socialSignIn.add')}
            </Button>
            {editing ? (
              <Button variant="secondary" onClick={cancel}>
                {t('socialSignIn.cancel')}
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}
      {formError ? <Alert tone="danger">{t(`errors.${formError}`)}</Alert> : null}
    </Panel>
  );
};
