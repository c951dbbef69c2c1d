import { type HarmMarker, harmMarkers } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import { useComputeHarmMarkers, useHarmMarkers } from '../api/compliance-api';
import { MerchantPicker } from './compliance';
import styles from './compliance.module.css';

const markerTones: Record<HarmMarker, BadgeTone> = {
  deposits_rising: 'danger',
  limit_increases: 'warning',
  night_play: 'info',
  cancelled_withdrawals: 'warning',
};

/** Yesterday on the browser's calendar: the day the daily job has computed last. */
const yesterday = () => {
  const now = new Date();
  const local = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  return `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
};

/**
 * The daily markers of harm of one merchant (decision 0109): a local day and a marker to filter by, the members
 * flagged with the figures behind each marker, each linking to the member's responsible-gaming view.
 */
export const HarmMarkersReport = ({
  merchantCode,
  merchantCodes,
  memberPathOf,
}: {
  merchantCode: string | null;
  merchantCodes: readonly string[];
  memberPathOf: (id: string) => string;
}) => {
  const { t } = useTranslation();
  const [code, setCode] = useState(merchantCode ?? merchantCodes[0] ?? '');
  const [day, setDay] = useState(yesterday);
  const [marker, setMarker] = useState<HarmMarker | null>(null);
  const shownCode = code || merchantCodes[0] || '';
  const report = useHarmMarkers(shownCode, day, marker);
  const compute = useComputeHarmMarkers(shownCode);
  const dateTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'short' });
  const error = report.error ?? compute.error;
  const dayError = isApiError(error) ? error.fieldErrors.find((field) => field.path === 'day') : undefined;
  return (
    <Panel title={t('compliance.harmTitle')} description={t('compliance.harmDescription')}>
      <div className={styles.stack}>
        <form
          className={styles.search}
          onSubmit={(event) => {
            event.preventDefault();
            compute.mutate(day);
          }}
          noValidate
          data-form="harm-markers"
        >
          {merchantCode === null ? (
            <MerchantPicker value={shownCode} merchantCodes={merchantCodes} onChange={setCode} />
          ) : null}
          <Field
            label={t('compliance.harmDay')}
            htmlFor="harm-day"
            error={dayError ? { message: dayError.code } : undefined}
          >
            <input
              id="harm-day"
              type="date"
              value={day}
              onChange={(event) => setDay(event.target.value)}
              aria-describedby="harm-day-error"
            />
          </Field>
          <label className={styles.filter}>
            <span>{t('compliance.harmMarker')}</span>
            <select
              name="marker"
              value={marker ?? ''}
              onChange={(event) => setMarker((event.target.value || null) as HarmMarker | null)}
            >
              <option value="">{t('compliance.harmAllMarkers')}</option>
              {harmMarkers.map((item) => (
                <option key={item} value={item}>
                  {t(`compliance.harm.${item}`)}
                </option>
              ))}
            </select>
          </label>
          <div>
            <Button type="submit" variant="secondary" isBusy={compute.isPending}>
              {t('compliance.harmCompute')}
            </Button>
          </div>
        </form>
        <p className={table.muted}>{t('compliance.harmRules')}</p>
        {error && !dayError ? (
          <Alert tone="danger" title={t(`errors.${errorCodeOf(error)}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        {report.data ? (
          <p data-harm-computed>
            {report.data.computedAt
              ? t('compliance.harmComputedAt', {
                  at: dateTime.format(Date.parse(report.data.computedAt)),
                  timeZone: report.data.timeZone,
                })
              : t('compliance.harmNotComputed', { timeZone: report.data.timeZone })}
          </p>
        ) : null}
        {report.data?.computedAt && report.data.rows.length === 0 ? (
          <p data-harm-empty>{t('compliance.harmNone')}</p>
        ) : null}
        {report.data && report.data.rows.length > 0 ? (
          <div className={table.wrap}>
            <table className={table.table} data-testid="harm-markers">
              <thead>
                <tr>
                  <th scope="col">{t('compliance.account')}</th>
                  <th scope="col">{t('compliance.harmMarkers')}</th>
                  <th scope="col" className={styles.numeric}>
                    {t('compliance.harmDeposits', { currency: report.data.currency })}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {t('compliance.harmLimitIncreases')}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {t('compliance.harmNight', { currency: report.data.currency })}
                  </th>
                  <th scope="col" className={styles.numeric}>
                    {t('compliance.harmCancelled')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.data.rows.map((row) => (
                  <tr key={row.memberId} data-harm-row={row.account}>
                    <td data-label={t('compliance.account')}>
                      <Link to={memberPathOf(row.memberId)}>
                        <bdi>{row.account}</bdi>
                      </Link>
                    </td>
                    <td data-label={t('compliance.harmMarkers')}>
                      <span className={styles.badges}>
                        {row.markers.map((item) => (
                          <Badge key={item} tone={markerTones[item]}>
                            <span data-marker={item}>{t(`compliance.harm.${item}`)}</span>
                          </Badge>
                        ))}
                      </span>
                    </td>
                    <td
                      data-label={t('compliance.harmDeposits', { currency: report.data.currency })}
                      className={styles.numeric}
                    >
                      {row.depositsLast7}
                      <div className={table.muted}>{t('compliance.harmPrior', { amount: row.depositsPrior28 })}</div>
                    </td>
                    <td data-label={t('compliance.harmLimitIncreases')} className={styles.numeric}>
                      {row.limitIncreases}
                    </td>
                    <td
                      data-label={t('compliance.harmNight', { currency: report.data.currency })}
                      className={styles.numeric}
                    >
                      {row.nightStakes} / {row.stakes}
                      <div className={table.muted}>{`${row.nightSharePercent.toFixed(1)} %`}</div>
                    </td>
                    <td data-label={t('compliance.harmCancelled')} className={styles.numeric}>
                      {row.cancelledWithdrawals}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Panel>
  );
};
