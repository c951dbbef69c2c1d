import {
  type AdminSeamlessProvider,
  type FieldError,
  issuesToFieldErrors,
  ROUND_TIMEOUT_HOURS,
  updateSeamlessProviderSchema,
} from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { Panel } from '../../../shared/ui/panel';
import { Toast } from '../../../shared/ui/toast';
import { useSeamlessProviders, useUpdateSeamlessProvider } from '../api/seamless-api';
import styles from './seamless-providers.module.css';

/** The round timeout's error, checked as the server checks it (the update's contract schema). */
const timeoutErrorOf = (text: string): FieldError | null => {
  if (text.trim() === '') return { path: 'roundTimeoutHours', code: 'not_empty' };
  const judged = updateSeamlessProviderSchema.safeParse({ roundTimeoutHours: Number(text) });
  return judged.success ? null : (issuesToFieldErrors(judged.error.issues)[0] ?? null);
};

const ProviderRow = ({
  code,
  provider,
  canManage,
  onSaved,
}: {
  code: string;
  provider: AdminSeamlessProvider;
  canManage: boolean;
  onSaved: (text: string) => void;
}) => {
  const { t } = useTranslation();
  const update = useUpdateSeamlessProvider(code);
  const [text, setText] = useState(String(provider.roundTimeoutHours));
  const [error, setError] = useState<FieldError | null>(null);
  const inputId = `round-timeout-${provider.code}`;
  const errorId = `${inputId}-error`;

  const save = async (roundTimeoutHours: number | null) => {
    setError(null);
    try {
      const saved = await update.mutateAsync({ provider: provider.code, roundTimeoutHours });
      setText(String(saved.roundTimeoutHours));
      onSaved(
        saved.isDefault
          ? t('seamlessProviders.reset', { provider: provider.name, count: saved.roundTimeoutHours })
          : t('seamlessProviders.saved', { provider: provider.name, count: saved.roundTimeoutHours }),
      );
    } catch (caught) {
      const fieldError = isApiError(caught) ? caught.fieldErrors.find((e) => e.path === 'roundTimeoutHours') : null;
      if (fieldError) setError(fieldError);
    }
  };
  const hasFieldError = isApiError(update.error) && update.error.fieldErrors.length > 0;

  return (
    <tr data-provider={provider.code}>
      <td data-label={t('seamlessProviders.provider')}>
        <span className={styles.name}>{provider.name}</span>
        <code className={table.muted}>{provider.code}</code>
      </td>
      <td data-label={t('seamlessProviders.timeout')}>
        {canManage ? (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const invalid = timeoutErrorOf(text);
              if (invalid) setError(invalid);
              else void save(Number(text));
            }}
          >
            <label className={styles.field} htmlFor={inputId}>
              <span className={styles.label}>{t('seamlessProviders.hours')}</span>
              <input
                id={inputId}
                name="roundTimeoutHours"
                type="number"
                inputMode="numeric"
                min={ROUND_TIMEOUT_HOURS.min}
                max={ROUND_TIMEOUT_HOURS.max}
                step={1}
                value={text}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  setError(null);
                }}
              />
            </label>
            <Button type="submit" size="sm" variant="primary" disabled={update.isPending}>
              {t('common.save')}
            </Button>
            {provider.isDefault ? null : (
              <Button type="button" size="sm" variant="ghost" disabled={update.isPending} onClick={() => save(null)}>
                {t('seamlessProviders.useDefault')}
              </Button>
            )}
            <div className={styles.errors}>
              <FieldErrorText id={errorId} error={error ? { message: error.code, types: error.params } : undefined} />
              {update.isError && !hasFieldError ? (
                <Alert tone="danger">{t(`errors.${errorCodeOf(update.error)}`)}</Alert>
              ) : null}
            </div>
          </form>
        ) : (
          t('seamlessProviders.hoursValue', { count: provider.roundTimeoutHours })
        )}
      </td>
      <td data-label={t('seamlessProviders.source')}>
        <span className={styles.setting}>
          {provider.isDefault ? (
            <Badge>{t('seamlessProviders.default', { count: provider.defaultRoundTimeoutHours })}</Badge>
          ) : (
            <Badge tone="info">{t('seamlessProviders.custom', { count: provider.defaultRoundTimeoutHours })}</Badge>
          )}
          {provider.updatedAt ? (
            <span className={table.muted}>
              {new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
                Date.parse(provider.updatedAt),
              )}
            </span>
          ) : null}
        </span>
      </td>
    </tr>
  );
};

/**
 * The registered game providers with the round timeout the merchant's rounds close by (decision 0128): an open round
 * with no call for that long is closed with no win by the `seamless_rounds_timeout` job. Games managers set it per
 * provider, 1 to 720 hours, or go back to the provider's default.
 */
export const SeamlessProviders = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const providers = useSeamlessProviders(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  return (
    <Panel
      id="seamless-providers"
      title={t('seamlessProviders.title')}
      description={t('seamlessProviders.description', ROUND_TIMEOUT_HOURS)}
    >
      {providers.isError ? <Alert tone="danger">{t(`errors.${errorCodeOf(providers.error)}`)}</Alert> : null}
      <div className={table.wrap}>
        <table className={table.table} data-testid="seamless-providers">
          <thead>
            <tr>
              <th scope="col">{t('seamlessProviders.provider')}</th>
              <th scope="col">{t('seamlessProviders.timeout')}</th>
              <th scope="col">{t('seamlessProviders.source')}</th>
            </tr>
          </thead>
          <tbody>
            {(providers.data?.list ?? []).map((provider) => (
              <ProviderRow
                key={`${provider.code}:${provider.roundTimeoutHours}:${provider.isDefault}`}
                code={code}
                provider={provider}
                canManage={canManage}
                onSaved={(text) => setToast({ id: Date.now(), text })}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Toast message={toast} onDismiss={dismissToast} />
    </Panel>
  );
};
