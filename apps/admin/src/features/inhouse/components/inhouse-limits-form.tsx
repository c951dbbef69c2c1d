import {
  type AdminInhouseLimits,
  type InhouseGame,
  type InhouseLimitField,
  inhouseGames,
  inhouseLimitFields,
  type UpdateInhouseLimits,
  updateInhouseLimitsSchemaFor,
} from '@tessera/contracts';
import { useCallback, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { contractResolver } from '../../../shared/forms/contract-resolver';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { Toast } from '../../../shared/ui/toast';
import { useUpdateInhouseLimits } from '../api/update-inhouse-limits';
import styles from './inhouse-limits.module.css';

type LimitsValues = { limits: Record<InhouseGame, Record<InhouseLimitField, string>> };

const valuesOf = (data: AdminInhouseLimits): LimitsValues => ({
  limits: Object.fromEntries(
    data.games.map((row) => [row.game, { minStake: row.minStake, maxStake: row.maxStake, maxPayout: row.maxPayout }]),
  ) as LimitsValues['limits'],
});

const fieldName = (game: InhouseGame, field: InhouseLimitField) => `limits.${game}.${field}` as const;
const inputId = (game: InhouseGame, field: InhouseLimitField) => `limit-${game}-${field}`;

export interface InhouseLimitsFormProps {
  code: string;
  data: AdminInhouseLimits;
  canManage: boolean;
}

/**
 * The merchant's limits per in-house game: each field checked as the server checks it (the update's own contract
 * schema in the merchant's currency), saved one game at a time or every changed game at once.
 */
export const InhouseLimitsForm = ({ code, data, canManage }: InhouseLimitsFormProps) => {
  const { t } = useTranslation();
  const update = useUpdateInhouseLimits(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const [savingGame, setSavingGame] = useState<InhouseGame | 'all' | null>(null);
  const resolver = useMemo(
    () => contractResolver<LimitsValues, UpdateInhouseLimits>(updateInhouseLimitsSchemaFor(data.currency)),
    [data.currency],
  );
  const {
    register,
    trigger,
    getValues,
    setError,
    resetField,
    formState: { errors, dirtyFields },
  } = useForm<LimitsValues, unknown, UpdateInhouseLimits>({ resolver, defaultValues: valuesOf(data) });
  const dismissToast = useCallback(() => setToast(null), []);
  const byGame = new Map(data.games.map((row) => [row.game, row]));
  const isDirty = (game: InhouseGame) => Boolean(dirtyFields.limits?.[game]);
  const dirtyGames = inhouseGames.filter(isDirty);
  const gameName = (game: InhouseGame) => t(`inhouse.games.${game}`);
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso));

  const save = async (games: InhouseGame[], scope: InhouseGame | 'all') => {
    const names = games.flatMap((game) => inhouseLimitFields.map((field) => fieldName(game, field)));
    if (games.length === 0 || !(await trigger(names, { shouldFocus: true }))) return;
    const values = getValues();
    setSavingGame(scope);
    try {
      const saved = await update.mutateAsync({
        limits: Object.fromEntries(games.map((game) => [game, values.limits[game]])),
      });
      for (const row of saved.games.filter((r) => games.includes(r.game))) {
        for (const field of inhouseLimitFields) resetField(fieldName(row.game, field), { defaultValue: row[field] });
      }
      const [only] = games;
      setToast({
        id: Date.now(),
        text:
          games.length === 1 && only
            ? t('inhouse.savedOne', { game: gameName(only) })
            : t('inhouse.savedMany', { count: games.length }),
      });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    } finally {
      setSavingGame(null);
    }
  };
  const hasFieldErrors = isApiError(update.error) && update.error.fieldErrors.length > 0;

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(dirtyGames, 'all');
      }}
      data-testid="inhouse-limits"
    >
      <p className={styles.intro}>{t('inhouse.intro', { currency: data.currency })}</p>
      {update.isError && !hasFieldErrors ? (
        <Alert tone="danger">{t(`errors.${errorCodeOf(update.error)}`)}</Alert>
      ) : null}
      <div className={table.wrap}>
        <table className={table.table}>
          <thead>
            <tr>
              <th scope="col">{t('inhouse.game')}</th>
              <th scope="col">{t('inhouse.minStake', { currency: data.currency })}</th>
              <th scope="col">{t('inhouse.maxStake', { currency: data.currency })}</th>
              <th scope="col">{t('inhouse.maxPayout', { currency: data.currency })}</th>
              {canManage ? (
                <th scope="col" className={table.actions}>
                  {t('common.actions')}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {inhouseGames.map((game) => {
              const row = byGame.get(game);
              const multiplier = row ? row.maxMultiplier.numerator / row.maxMultiplier.denominator : null;
              return (
                <tr key={game} data-game={game} data-dirty={isDirty(game) || undefined}>
                  <td className={styles.gameCell}>
                    <span className={styles.gameName}>{gameName(game)}</span>
                    <span className={styles.gameFacts}>
                      {row?.isDefault ? (
                        <Badge>{t('inhouse.default')}</Badge>
                      ) : (
                        <Badge tone="info">{t('inhouse.custom')}</Badge>
                      )}
                      {multiplier !== null ? (
                        <span className={table.muted}>
                          {t('inhouse.bestMultiplier', {
                            multiplier: new Intl.NumberFormat(currentLocale(), { maximumFractionDigits: 2 }).format(
                              multiplier,
                            ),
                          })}
                        </span>
                      ) : null}
                      {row?.updatedAt ? (
                        <span className={table.muted}>{t('inhouse.updatedAt', { at: dateOf(row.updatedAt) })}</span>
                      ) : null}
                    </span>
                  </td>
                  {inhouseLimitFields.map((field) => {
                    const error = fieldErrorAt(errors, fieldName(game, field));
                    const id = inputId(game, field);
                    return (
                      <td key={field} data-label={t(`inhouse.${field}`, { currency: data.currency })}>
                        <div className={styles.cell}>
                          <input
                            id={id}
                            className={styles.input}
                            inputMode="decimal"
                            autoComplete="off"
                            readOnly={!canManage}
                            aria-label={t(`inhouse.${field}For`, { game: gameName(game), currency: data.currency })}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${id}-error` : undefined}
                            {...register(fieldName(game, field))}
                          />
                          <FieldErrorText error={error} id={`${id}-error`} />
                        </div>
                      </td>
                    );
                  })}
                  {canManage ? (
                    <td className={table.actions}>
                      <Button
                        size="sm"
                        disabled={!isDirty(game) || savingGame !== null}
                        isBusy={savingGame === game}
                        aria-label={t('inhouse.saveGame', { game: gameName(game) })}
                        onClick={() => void save([game], game)}
                      >
                        {t('common.save')}
                      </Button>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>{t('inhouse.payoutRule')}</p>
      {canManage ? (
        <div className={styles.actions}>
          <span className={styles.status} aria-live="polite">
            {dirtyGames.length > 0 ? t('inhouse.unsaved', { count: dirtyGames.length }) : null}
          </span>
          <Button
            type="submit"
            variant="primary"
            disabled={dirtyGames.length === 0 || savingGame !== null}
            isBusy={savingGame === 'all'}
          >
            {t('inhouse.saveAll')}
          </Button>
        </div>
      ) : (
        <p className={styles.note}>{t('inhouse.readOnly')}</p>
      )}
      <Toast message={toast} onDismiss={dismissToast} />
    </form>
  );
};
