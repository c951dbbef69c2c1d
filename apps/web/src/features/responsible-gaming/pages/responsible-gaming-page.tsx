import {
  type RgLimit,
  type RgSessionLimit,
  type RgStatus,
  rgBreakDurations,
  rgExclusionDurations,
  rgLimitKinds,
  rgPeriods,
  rgRealityCheckIntervals,
} from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { toFormError } from '../../../shared/forms/field-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { CheckboxField } from '../../../shared/ui/form/checkbox-field';
import { FormError } from '../../../shared/ui/form/form-error';
import { SelectField } from '../../../shared/ui/form/select-field';
import { TextField } from '../../../shared/ui/form/text-field';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import {
  type BlockInput,
  useConfirmLimit,
  useResponsibleGaming,
  useSetLimit,
  useSetRealityCheck,
  useSetSessionLimit,
  useTakeBlock,
} from '../api/responsible-gaming';
import { IdentityCard } from '../components/identity-card';
import styles from './responsible-gaming-page.module.css';

type Kind = RgLimit['kind'];
type Period = RgLimit['period'];

const dateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** One limit: in force, used this period, and a raise waiting (confirmable after its 24 hours). */
const LimitTile = ({ limit, currency }: { limit: RgLimit; currency: string }) => {
  const { t, i18n } = useTranslation('responsible-gaming');
  const formatMoney = useFormatMoney();
  const confirm = useConfirmLimit();
  const pending = limit.pending;
  const isConfirmable = pending !== null && new Date(pending.confirmableAt).getTime() <= Date.now();
  return (
    <li className={styles.period} data-limit={`${limit.kind}-${limit.period}`}>
      <span className={styles.periodName}>{t(`period_${limit.period}`)}</span>
      <span className={styles.amount}>
        {limit.amount === null ? t('no_limit') : formatMoney(limit.amount, currency)}
      </span>
      <span className={styles.used}>{t('used', { amount: formatMoney(limit.used, currency) })}</span>
      {pending ? (
        <div className={styles.pending} data-pending>
          <span>
            {pending.amount === null
              ? t('pending_removal', { date: dateTime(pending.confirmableAt, i18n.language) })
              : t('pending_raise', {
                  amount: formatMoney(pending.amount, currency),
                  date: dateTime(pending.confirmableAt, i18n.language),
                })}
          </span>
          {isConfirmable ? (
            <Button
              size="sm"
              variant="outline"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate({ kind: limit.kind, period: limit.period })}
            >
              {t('confirm_raise')}
            </Button>
          ) : null}
          {confirm.isError ? <FormError code={errorKeyOf(confirm.error)} /> : null}
        </div>
      ) : null}
    </li>
  );
};

const SetLimitForm = () => {
  const { t } = useTranslation('responsible-gaming');
  const setLimit = useSetLimit();
  const [kind, setKind] = useState<Kind>('loss');
  const [period, setPeriod] = useState<Period>('day');
  const [amount, setAmount] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const fieldError = isApiError(setLimit.error)
    ? setLimit.error.fieldErrors.find((error) => error.path === 'amount')
    : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const value = amount.trim() === '' ? null : amount.trim();
    setLimit.mutate(
      { kind, period, amount: value },
      {
        onSuccess: (status) => {
          const saved = status.limits.find((limit) => limit.kind === kind && limit.period === period);
          setNotice(saved?.pending ? 'saved_pending' : 'saved_now');
        },
      },
    );
  };

  return (
    <div className={styles.blockForm}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate data-form="rg-limit">
        <SelectField
          id="rg-kind"
          label={t('limit_kind')}
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          options={rgLimitKinds.map((value) => ({ value, label: t(`kind_${value}`) }))}
        />
        <SelectField
          id="rg-period"
          label={t('limit_period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as Period)}
          options={rgPeriods.map((value) => ({ value, label: t(`period_${value}`) }))}
        />
        <TextField
          id="rg-amount"
          label={t('limit_amount')}
          inputMode="decimal"
          value={amount}
          placeholder={t('amount_placeholder')}
          onChange={(event) => setAmount(event.target.value)}
          error={fieldError ? toFormError({ code: fieldError.code, params: fieldError.params }) : undefined}
        />
        <Button type="submit" disabled={setLimit.isPending}>
          {t('save_limit')}
        </Button>
      </form>
      {notice ? (
        <Alert tone="success" name="rg-limit-saved">
          {t(notice)}
        </Alert>
      ) : null}
      {setLimit.isError && !fieldError ? <FormError code={errorKeyOf(setLimit.error)} /> : null}
    </div>
  );
};

/** Whole minutes as the member reads them: "1 h 30 min", "45 min". */
const useFormatMinutes = () => {
  const { t } = useTranslation('responsible-gaming');
  return (minutes: number) => {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    if (hours === 0) return t('minutes_only', { minutes: rest });
    if (rest === 0) return t('hours_only', { hours });
    return t('hours_minutes', { hours, minutes: rest });
  };
};

/** One session-time limit: in force, used this period, and a raise or removal waiting. */
const SessionLimitTile = ({ limit }: { limit: RgSessionLimit }) => {
  const { t, i18n } = useTranslation('responsible-gaming');
  const formatMinutes = useFormatMinutes();
  const confirm = useConfirmLimit();
  const pending = limit.pending;
  const isConfirmable = pending !== null && new Date(pending.confirmableAt).getTime() <= Date.now();
  return (
    <li className={styles.period} data-limit={`session-${limit.period}`}>
      <span className={styles.periodName}>{t(`period_${limit.period}`)}</span>
      <span className={styles.amount}>{limit.minutes === null ? t('no_limit') : formatMinutes(limit.minutes)}</span>
      <span className={styles.used}>{t('used', { amount: formatMinutes(limit.usedMinutes) })}</span>
      {pending ? (
        <div className={styles.pending} data-pending>
          <span>
            {pending.minutes === null
              ? t('pending_removal', { date: dateTime(pending.confirmableAt, i18n.language) })
              : t('pending_raise', {
                  amount: formatMinutes(pending.minutes),
                  date: dateTime(pending.confirmableAt, i18n.language),
                })}
          </span>
          {isConfirmable ? (
            <Button
              size="sm"
              variant="outline"
              disabled={confirm.isPending}
              onClick={() => confirm.mutate({ kind: 'session', period: limit.period })}
            >
              {t('confirm_raise')}
            </Button>
          ) : null}
          {confirm.isError ? <FormError code={errorKeyOf(confirm.error)} /> : null}
        </div>
      ) : null}
    </li>
  );
};

/** A session-time limit in minutes, by the money limits' rules. */
const SessionLimitForm = () => {
  const { t } = useTranslation('responsible-gaming');
  const setLimit = useSetSessionLimit();
  const [period, setPeriod] = useState<Period>('day');
  const [minutes, setMinutes] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const serverError = isApiError(setLimit.error)
    ? setLimit.error.fieldErrors.find((error) => error.path === 'minutes')
    : undefined;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setLocalError(null);
    const text = minutes.trim();
    if (text !== '' && !/^[0-9]{1,6}$/.test(text)) {
      setLocalError('field_invalid');
      return;
    }
    setLimit.mutate(
      { period, minutes: text === '' ? null : Number(text) },
      {
        onSuccess: (status) => {
          const saved = status.sessionLimits.find((limit) => limit.period === period);
          setNotice(saved?.pending ? 'saved_pending' : 'saved_now');
        },
      },
    );
  };

  return (
    <div className={styles.blockForm}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate data-form="rg-session-limit">
        <SelectField
          id="rg-session-period"
          label={t('limit_period')}
          value={period}
          onChange={(event) => setPeriod(event.target.value as Period)}
          options={rgPeriods.map((value) => ({ value, label: t(`period_${value}`) }))}
        />
        <TextField
          id="rg-session-minutes"
          label={t('session_minutes')}
          inputMode="numeric"
          value={minutes}
          placeholder={t('amount_placeholder')}
          onChange={(event) => setMinutes(event.target.value)}
          error={
            localError
              ? toFormError({ code: localError })
              : serverError
                ? toFormError({ code: serverError.code, params: serverError.params })
                : undefined
          }
        />
        <Button type="submit" disabled={setLimit.isPending}>
          {t('save_limit')}
        </Button>
      </form>
      {notice ? (
        <Alert tone="success" name="rg-session-limit-saved">
          {t(notice)}
        </Alert>
      ) : null}
      {setLimit.isError && !serverError ? <FormError code={errorKeyOf(setLimit.error)} /> : null}
    </div>
  );
};

/** The reality-check interval: off, 15, 30, 45 or 60 minutes. */
const RealityCheckForm = ({ current }: { current: number | null }) => {
  const { t } = useTranslation('responsible-gaming');
  const setInterval = useSetRealityCheck();
  const [value, setValue] = useState(current === null ? 'off' : String(current));
  const [saved, setSaved] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const minutes = value === 'off' ? null : (Number(value) as (typeof rgRealityCheckIntervals)[number]);
    setInterval.mutate({ minutes }, { onSuccess: () => setSaved(true) });
  };

  return (
    <div className={styles.blockForm}>
      <form className={styles.form} onSubmit={handleSubmit} noValidate data-form="rg-reality-check">
        <SelectField
          id="rg-reality-interval"
          label={t('reality_interval')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          options={[
            { value: 'off', label: t('reality_off') },
            ...rgRealityCheckIntervals.map((minutes) => ({
              value: String(minutes),
              label: t('reality_every', { minutes }),
            })),
          ]}
        />
        <Button type="submit" disabled={setInterval.isPending}>
          {t('reality_save')}
        </Button>
      </form>
      {saved ? (
        <Alert tone="success" name="rg-reality-saved">
          {t(value === 'off' ? 'reality_saved_off' : 'reality_saved')}
        </Alert>
      ) : null}
      {setInterval.isError ? <FormError code={errorKeyOf(setInterval.error)} /> : null}
    </div>
  );
};

/** A break or self-exclusion: a duration, every site or this one, and an explicit "I understand". */
const BlockForm = ({ kind }: { kind: BlockInput['kind'] }) => {
  const { t } = useTranslation('responsible-gaming');
  const take = useTakeBlock();
  const durations = kind === 'break' ? rgBreakDurations : rgExclusionDurations;
  const [duration, setDuration] = useState<string>(durations[0]);
  const [allMerchants, setAllMerchants] = useState(true);
  const [understood, setUnderstood] = useState(false);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!understood) return;
    take.mutate({ kind, duration, allMerchants, confirm: true } as BlockInput);
  };

  return (
    <form className={styles.blockForm} onSubmit={handleSubmit} noValidate data-form={`rg-${kind}`}>
      <SelectField
        id={`rg-${kind}-duration`}
        label={t('duration')}
        value={duration}
        onChange={(event) => setDuration(event.target.value)}
        options={durations.map((value) => ({ value, label: t(`duration_${value}`) }))}
      />
      <CheckboxField
        id={`rg-${kind}-all`}
        label={t('all_merchants')}
        checked={allMerchants}
        onChange={(event) => setAllMerchants(event.target.checked)}
      />
      <CheckboxField
        id={`rg-${kind}-confirm`}
        label={t(kind === 'break' ? 'break_understand' : 'exclusion_understand')}
        checked={understood}
        onChange={(event) => setUnderstood(event.target.checked)}
      />
      <Button type="submit" variant={kind === 'break' ? 'primary' : 'outline'} disabled={!understood || take.isPending}>
        {t(kind === 'break' ? 'take_break' : 'self_exclude')}
      </Button>
      {take.isError ? <FormError code={errorKeyOf(take.error)} /> : null}
    </form>
  );
};

const BlockNotice = ({ block }: { block: NonNullable<RgStatus['block']> }) => {
  const { t, i18n } = useTranslation('responsible-gaming');
  const until = block.endsAt ? dateTime(block.endsAt, i18n.language) : null;
  const key = block.kind === 'break' ? 'on_break' : until ? 'excluded_until' : 'excluded_permanently';
  return (
    <Alert tone="warning" name="rg-blocked" title={t(key, { date: until ?? '' })}>
      {t('blocked_can_withdraw')}
    </Alert>
  );
};

/**
 * Responsible gaming (personal centre `responsibleGaming`, issue 31): the member's deposit, loss, wager and
 * session-time limits per day, week and month with what was used, and its reality-check interval; a lowering applies at once, a raise after 24 hours and a second
 * confirmation. Breaks and self-exclusion, on this site or every site of the operator, cannot be undone early.
 */
export const ResponsibleGamingPage = () => {
  const { t } = useTranslation('responsible-gaming');
  const status = useResponsibleGaming();
  if (status.isPending) return <InlineLoader />;
  if (status.isError) return <FormError code={errorKeyOf(status.error)} />;
  const data = status.data;
  return (
    <div className={styles.page} data-page="responsible-gaming">
      <p className={styles.intro}>{t('intro')}</p>
      {data.block ? <BlockNotice block={data.block} /> : null}
      <Card title={t('limits_title')} name="rg-limits">
        <div className={styles.kinds}>
          {rgLimitKinds.map((kind) => (
            <section key={kind} aria-labelledby={`rg-kind-${kind}`}>
              <h3 id={`rg-kind-${kind}`} className={styles.kindTitle}>
                {t(`kind_${kind}`)}
              </h3>
              <ul className={styles.periods}>
                {data.limits
                  .filter((limit) => limit.kind === kind)
                  .map((limit) => (
                    <LimitTile key={limit.period} limit={limit} currency={data.currency} />
                  ))}
              </ul>
            </section>
          ))}
        </div>
      </Card>
      <Card title={t('set_limit_title')} name="rg-set-limit">
        <SetLimitForm />
        <p className={styles.note}>{t('limit_rules')}</p>
      </Card>
      <Card title={t('session_title')} name="rg-session-time">
        <div className={styles.stack}>
          <p className={styles.note}>{t('session_text')}</p>
          <ul className={styles.periods}>
            {data.sessionLimits.map((limit) => (
              <SessionLimitTile key={limit.period} limit={limit} />
            ))}
          </ul>
          <SessionLimitForm />
        </div>
      </Card>
      <Card title={t('reality_section_title')} name="rg-reality-check">
        <div className={styles.stack}>
          <p className={styles.note}>{t('reality_section_text')}</p>
          <RealityCheckForm current={data.realityCheckMinutes} />
        </div>
      </Card>
      <IdentityCard />
      {data.block ? null : (
        <>
          <Card title={t('break_title')} name="rg-break">
            <p className={styles.note}>{t('break_text')}</p>
            <BlockForm kind="break" />
          </Card>
          <Card title={t('exclusion_title')} name="rg-exclusion">
            <p className={styles.note}>{t('exclusion_text')}</p>
            <BlockForm kind="self_exclusion" />
          </Card>
        </>
      )}
    </div>
  );
};
