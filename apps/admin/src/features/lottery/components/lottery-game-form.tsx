import {
  type AdminLotteryGame,
  betTypesOfKind,
  DEFAULT_LOTTO_PRIZE_MODE,
  dailyIntervalOf,
  fourDTierNames,
  LOTTERY_DAILY_INTERVAL,
  type LotteryAnyBetType,
  type LottoPrizeMode,
  lotteryIntervals,
  lottoPrizeModes,
} from '@tessera/contracts';
import { useCallback, useState } from 'react';
import { type FieldErrors, type UseFormRegister, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { fieldErrorAt } from '../../../shared/forms/field-error-at';
import { FormSwitch } from '../../../shared/forms/form-switch';
import { applyServerFieldErrors } from '../../../shared/forms/server-field-errors';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Field } from '../../../shared/ui/field';
import { FieldErrorText } from '../../../shared/ui/field-error-text';
import { Panel } from '../../../shared/ui/panel';
import { Toast } from '../../../shared/ui/toast';
import { useUpdateLotteryGame } from '../api/lottery-api';
import styles from './lottery.module.css';

interface GameValues {
  enabled: boolean;
  intervalSeconds: number;
  drawTime: string;
  closeSeconds: number;
  minStake: string;
  maxStake: string;
  maxPayout: string;
  /** The prize mode whose odds the odds fields show and save (decision 0159). */
  prizeMode: LottoPrizeMode;
  odds: Record<LotteryAnyBetType, string[]>;
}

/** A game's bet types with the odds of one prize mode. */
const betTypesIn = (game: AdminLotteryGame, mode: LottoPrizeMode) =>
  game.prizeModes.find((row) => row.prizeMode === mode)?.betTypes ?? game.betTypes;

const oddsIn = (game: AdminLotteryGame, mode: LottoPrizeMode): GameValues['odds'] =>
  Object.fromEntries(betTypesIn(game, mode).map((row) => [row.betType, row.odds])) as GameValues['odds'];

const valuesOf = (game: AdminLotteryGame, mode: LottoPrizeMode = DEFAULT_LOTTO_PRIZE_MODE): GameValues => ({
  enabled: game.enabled,
  intervalSeconds: game.intervalSeconds,
  drawTime: game.drawTime ?? '',
  closeSeconds: game.closeSeconds,
  minStake: game.minStake,
  maxStake: game.maxStake,
  maxPayout: game.maxPayout,
  prizeMode: mode,
  odds: oddsIn(game, mode),
});

/** A number field's text as a number (blank is not a number, which the server refuses as `field_invalid`). */
const asNumber = (value: unknown): number => (value === '' || value === null ? Number.NaN : Number(value));

const MONEY_FIELDS = ['minStake', 'maxStake', 'maxPayout'] as const;

/** 0 … count − 1: the sums a multiplier is set for. */
const indexesOf = (count: number): number[] => Array.from({ length: count }, (_, index) => index);

/**
 * One lottery game's settings: on or off, draw interval, betting close, stake limits, the most a ticket may pay and
 * the odds of each bet type. The server judges the whole edit and answers per field; a role that may not change
 * games sees the same values read-only.
 */
export const LotteryGameForm = ({
  code,
  game,
  canManage,
}: {
  code: string;
  game: AdminLotteryGame;
  canManage: boolean;
}) => {
  const { t } = useTranslation();
  const update = useUpdateLotteryGame(code);
  const [toast, setToast] = useState<{ id: number; text: string } | null>(null);
  const dismissToast = useCallback(() => setToast(null), []);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    getValues,
    watch,
    formState: { errors, isDirty },
  } = useForm<GameValues>({ defaultValues: valuesOf(game) });
  const prizeMode = watch('prizeMode');
  const isDaily = Number(watch('intervalSeconds')) === LOTTERY_DAILY_INTERVAL;
  const modeBetTypes = betTypesIn(game, prizeMode);
  const id = (field: string) => `lottery-${game.code}-${field}`;
  // A stored interval no longer offered stays visible (saving it is refused, field by field).
  // A Vietnamese game draws once a day at its region's time (decision 0134): its one choice.
  // A 4D game may also draw once a day (decision 0159).
  const daily = dailyIntervalOf(game.kind);
  const gridChoices: number[] = (lotteryIntervals as readonly number[]).includes(game.intervalSeconds)
    ? [...lotteryIntervals]
    : game.intervalSeconds === LOTTERY_DAILY_INTERVAL
      ? [...lotteryIntervals]
      : [game.intervalSeconds, ...lotteryIntervals];
  const intervalChoices: number[] =
    daily === 'required'
      ? [LOTTERY_DAILY_INTERVAL]
      : daily === 'allowed'
        ? [...gridChoices, LOTTERY_DAILY_INTERVAL]
        : gridChoices;
  const minutes = (seconds: number) =>
    seconds === LOTTERY_DAILY_INTERVAL ? t('lottery.daily') : t('lottery.minutes', { count: seconds / 60 });
  const updatedAt = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(game.updatedAt),
  );

  const onSubmit = async (values: GameValues) => {
    try {
      const saved = await update.mutateAsync({
        gameCode: game.code,
        input: {
          ...values,
          intervalSeconds: asNumber(values.intervalSeconds),
          // Only a daily game has a draw time; a daily one left blank is refused by the server as not_empty.
          drawTime:
            Number(values.intervalSeconds) === LOTTERY_DAILY_INTERVAL && values.drawTime ? values.drawTime : null,
          closeSeconds: asNumber(values.closeSeconds),
        },
      });
      reset(valuesOf(saved, values.prizeMode));
      setToast({ id: Date.now(), text: t('lottery.saved', { game: saved.name }) });
    } catch (error) {
      if (isApiError(error)) applyServerFieldErrors(setError, error.fieldErrors);
    }
  };
  const hasFieldErrors = isApiError(update.error) && update.error.fieldErrors.length > 0;
  const infoOf = (betType: LotteryAnyBetType) => modeBetTypes.find((row) => row.betType === betType);
  const sumCount = infoOf('sum')?.odds.length ?? 0;
  const rtpOf = (betType: LotteryAnyBetType) => {
    const info = infoOf(betType);
    if (!info) return '—';
    return info.rtpMin === info.rtpMax
      ? `${info.rtpMin}%`
      : t('lottery.rtpRange', { min: info.rtpMin, max: info.rtpMax });
  };
  const oddsError = (betType: LotteryAnyBetType, count: number) =>
    fieldErrorAt(errors, `odds.${betType}`) ??
    indexesOf(count)
      .map((index) => fieldErrorAt(errors, `odds.${betType}.${index}`))
      .find(Boolean);

  return (
    <Panel
      id={id('panel')}
      title={
        <>
          {game.name} <span className={table.muted}>{game.code}</span>
        </>
      }
      badge={
        game.enabled ? (
          <Badge tone="success">{t('lottery.enabled')}</Badge>
        ) : (
          <Badge tone="warning">{t('lottery.disabled')}</Badge>
        )
      }
      description={t(game.drawTime ? 'lottery.gameSummaryDailyAt' : 'lottery.gameSummary', {
        interval: minutes(game.intervalSeconds),
        time: game.drawTime,
        timeZone: game.timeZone,
        close: game.closeSeconds,
        min: game.minStake,
        max: game.maxStake,
        currency: game.currency,
        at: updatedAt,
      })}
    >
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => void handleSubmit(onSubmit)(event)}
        data-lottery-game={game.code}
      >
        {update.isError && !hasFieldErrors ? (
          <Alert
            tone="danger"
            title={t(`errors.${errorCodeOf(update.error)}`, { defaultValue: t('errors.unknown_error') })}
          />
        ) : null}
        <fieldset className={styles.fields} disabled={!canManage}>
          <legend className={styles.legend}>{t('lottery.scheduleAndLimits')}</legend>
          <div className={styles.switchField}>
            <FormSwitch
              control={control}
              name="enabled"
              id={id('enabled')}
              label={t('lottery.enabledLabel')}
              isDisabled={!canManage}
            />
          </div>
          <Field label={t('lottery.interval')} htmlFor={id('intervalSeconds')} error={errors.intervalSeconds}>
            <select
              id={id('intervalSeconds')}
              aria-invalid={errors.intervalSeconds ? true : undefined}
              aria-describedby={`${id('intervalSeconds')}-error`}
              {...register('intervalSeconds', { setValueAs: asNumber })}
            >
              {intervalChoices.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {minutes(seconds)}
                </option>
              ))}
            </select>
          </Field>
          {isDaily ? (
            <Field
              label={t('lottery.drawTime', { timeZone: game.timeZone })}
              htmlFor={id('drawTime')}
              hint={t('lottery.drawTimeHint', { timeZone: game.timeZone })}
              error={errors.drawTime}
            >
              <input
                id={id('drawTime')}
                type="time"
                step={60}
                aria-invalid={errors.drawTime ? true : undefined}
                aria-describedby={`${id('drawTime')}-error`}
                {...register('drawTime')}
              />
            </Field>
          ) : null}
          <Field
            label={t('lottery.close')}
            htmlFor={id('closeSeconds')}
            hint={t('lottery.closeHint')}
            error={errors.closeSeconds}
          >
            <input
              id={id('closeSeconds')}
              inputMode="numeric"
              autoComplete="off"
              aria-invalid={errors.closeSeconds ? true : undefined}
              aria-describedby={`${id('closeSeconds')}-error`}
              {...register('closeSeconds', { setValueAs: asNumber })}
            />
          </Field>
          {MONEY_FIELDS.map((field) => (
            <Field
              key={field}
              label={t(`lottery.${field}`, { currency: game.currency })}
              htmlFor={id(field)}
              error={errors[field]}
            >
              <input
                id={id(field)}
                inputMode="decimal"
                autoComplete="off"
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={`${id(field)}-error`}
                {...register(field)}
              />
            </Field>
          ))}
        </fieldset>
        <fieldset className={styles.oddsFieldset} disabled={!canManage}>
          <legend className={styles.legend}>{t('lottery.odds')}</legend>
          <Field
            label={t('lottery.prizeMode')}
            htmlFor={id('prizeMode')}
            hint={t('lottery.prizeModeHint')}
            error={errors.prizeMode}
          >
            <select
              id={id('prizeMode')}
              data-prize-mode-select
              {...register('prizeMode', {
                // Another mode's odds replace the odds fields (each mode is saved on its own).
                onChange: (event: { target: { value: string } }) => {
                  const mode = event.target.value as LottoPrizeMode;
                  reset({ ...getValues(), prizeMode: mode, odds: oddsIn(game, mode) }, { keepDefaultValues: true });
                },
              })}
            >
              {lottoPrizeModes.map((mode) => (
                <option key={mode} value={mode}>
                  {t(`lottery.prizeModes.${mode}`)}
                </option>
              ))}
            </select>
          </Field>
          {game.kind === 'four_d' ? (
            <FourDOdds game={game} betTypes={modeBetTypes} register={register} errors={errors} rtpOf={rtpOf} />
          ) : (
            <>
              <div className={table.wrap}>
                <table className={table.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('lottery.betType')}</th>
                      <th scope="col">{t('lottery.multiplier')}</th>
                      <th scope="col">{t('lottery.rtp')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {betTypesOfKind(game.kind)
                      .filter((betType) => betType !== 'sum')
                      .map((betType) => {
                        const error = oddsError(betType, 1);
                        const label = t(`lottery.betTypes.${betType}`);
                        return (
                          <tr key={betType} data-bet-type={betType}>
                            <td data-label={t('lottery.betType')}>{label}</td>
                            <td data-label={t('lottery.multiplier')}>
                              <div className={styles.oddsCell}>
                                <input
                                  className={styles.oddsInput}
                                  inputMode="decimal"
                                  autoComplete="off"
                                  aria-label={t('lottery.oddsOf', { betType: label })}
                                  aria-invalid={error ? true : undefined}
                                  aria-describedby={error ? id(`odds-${betType}-error`) : undefined}
                                  {...register(`odds.${betType}.0`)}
                                />
                                <FieldErrorText error={error} id={id(`odds-${betType}-error`)} />
                              </div>
                            </td>
                            <td data-label={t('lottery.rtp')} className={table.nowrap}>
                              {rtpOf(betType)}
                            </td>
                          </tr>
                        );
                      })}
                  </tbody>
                </table>
              </div>
              {game.kind === 'five_digit' && (
                <details className={styles.sumOdds} data-bet-type="sum">
                  <summary>
                    <span className={styles.sumTitle}>{t('lottery.betTypes.sum')}</span>{' '}
                    <span className={table.muted}>
                      {t('lottery.sumOdds', { count: sumCount })} · {t('lottery.rtp')} {rtpOf('sum')}
                    </span>
                  </summary>
                  <div className={styles.sumGrid}>
                    {indexesOf(sumCount).map((value) => (
                      <label key={value} className={styles.sumCell}>
                        <span>{t('lottery.sumValue', { value })}</span>
                        <input
                          className={styles.oddsInput}
                          inputMode="decimal"
                          autoComplete="off"
                          aria-label={t('lottery.sumOddsOf', { value })}
                          aria-invalid={fieldErrorAt(errors, `odds.sum.${value}`) ? true : undefined}
                          {...register(`odds.sum.${value}`)}
                        />
                      </label>
                    ))}
                  </div>
                </details>
              )}
              <FieldErrorText error={oddsError('sum', sumCount)} id={id('odds-sum-error')} />
            </>
          )}
        </fieldset>
        {canManage ? (
          <div className={styles.formActions}>
            <span className={styles.note}>{t('lottery.appliesFromNow')}</span>
            <Button type="submit" variant="primary" disabled={!isDirty} isBusy={update.isPending}>
              {t('common.save')}
            </Button>
          </div>
        ) : (
          <p className={styles.note}>{t('lottery.readOnly')}</p>
        )}
      </form>
      <Toast message={toast} onDismiss={dismissToast} />
    </Panel>
  );
};

/**
 * A 4D game's odds (decision 0108): a multiplier per prize tier for Big and Small (0.00: the tier pays nothing),
 * and each bet type's exact return.
 */
const FourDOdds = ({
  game,
  betTypes: modeBetTypes,
  register,
  errors,
  rtpOf,
}: {
  game: AdminLotteryGame;
  betTypes: AdminLotteryGame['betTypes'];
  register: UseFormRegister<GameValues>;
  errors: FieldErrors<GameValues>;
  rtpOf: (betType: LotteryAnyBetType) => string;
}) => {
  const { t } = useTranslation();
  const betTypes = modeBetTypes.map((row) => row.betType);
  return (
    <div className={table.wrap} data-four-d-odds>
      <p className={styles.note}>{t('lottery.fourDOddsNote')}</p>
      <table className={table.table}>
        <thead>
          <tr>
            <th scope="col">{t('lottery.tier')}</th>
            {betTypes.map((betType) => (
              <th key={betType} scope="col">
                {t(`lottery.betTypes.${betType}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {fourDTierNames.map((tier, index) => (
            <tr key={tier}>
              <td data-label={t('lottery.tier')}>{t(`lottery.tiers.${tier}`)}</td>
              {betTypes.map((betType) => {
                const label = `${t(`lottery.betTypes.${betType}`)} · ${t(`lottery.tiers.${tier}`)}`;
                return (
                  <td key={betType} data-label={t(`lottery.betTypes.${betType}`)}>
                    <input
                      className={styles.oddsInput}
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={t('lottery.oddsOf', { betType: label })}
                      {...register(`odds.${betType}.${index}`)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
          <tr>
            <td data-label={t('lottery.rtp')}>{t('lottery.rtp')}</td>
            {betTypes.map((betType) => (
              <td key={betType} className={table.nowrap} data-label={t(`lottery.betTypes.${betType}`)}>
                {rtpOf(betType)}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {betTypes.map((betType) => (
        <FieldErrorText
          key={betType}
          error={
            fieldErrorAt(errors, `odds.${betType}`) ??
            fourDTierNames.map((_, index) => fieldErrorAt(errors, `odds.${betType}.${index}`)).find(Boolean)
          }
          id={`lottery-${game.code}-odds-${betType}-error`}
        />
      ))}
    </div>
  );
};
