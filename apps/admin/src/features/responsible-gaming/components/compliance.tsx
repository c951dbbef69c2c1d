import { type KycReviewStatus, kycReviewStatuses } from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge, type BadgeTone } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { Panel } from '../../../shared/ui/panel';
import {
  useDecideKyc,
  useExclusionRegister,
  useKycReview,
  useKycReviews,
  useKycThresholds,
  useSetKycThresholds,
} from '../api/compliance-api';
import styles from './compliance.module.css';

const reviewTones: Record<KycReviewStatus, BadgeTone> = { pending: 'warning', approved: 'success', rejected: 'danger' };

const useTime = () => {
  const format = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'short', timeStyle: 'short' });
  return (iso: string | null) => (iso ? format.format(Date.parse(iso)) : '—');
};

/** The merchant a group operator (bound to none) works on; an operator of one merchant is never shown it. */
export const MerchantPicker = ({
  value,
  merchantCodes,
  hasNone = false,
  onChange,
}: {
  value: string;
  merchantCodes: readonly string[];
  hasNone?: boolean;
  onChange: (code: string) => void;
}) => {
  const { t } = useTranslation();
  return (
    <label className={styles.filter}>
      <span>{t('compliance.merchant')}</span>
      <select value={value} name="merchant" onChange={(event) => onChange(event.target.value)}>
        {hasNone ? <option value="">—</option> : null}
        {merchantCodes.map((merchant) => (
          <option key={merchant} value={merchant}>
            {merchant}
          </option>
        ))}
      </select>
    </label>
  );
};

const ErrorAlert = ({ error }: { error: unknown }) => {
  const { t } = useTranslation();
  return <Alert tone="danger" title={t(`errors.${errorCodeOf(error)}`, { defaultValue: t('errors.unknown_error') })} />;
};

/** One submission: the member's details and documents, approve or reject with a reason (once). */
const ReviewDialog = ({ id, onClose }: { id: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const review = useKycReview(id);
  const decide = useDecideKyc();
  const [reason, setReason] = useState('');
  const reasonError = isApiError(decide.error)
    ? decide.error.fieldErrors.find((error) => error.path === 'reason')
    : undefined;
  const send = (decision: 'approve' | 'reject') =>
    decide.mutate({ id, decision, ...(reason.trim() ? { reason: reason.trim() } : {}) }, { onSuccess: onClose });
  const pending = review.data?.status === 'pending';
  return (
    <Dialog
      isOpen
      size="md"
      title={t('compliance.reviewTitle')}
      onClose={onClose}
      footer={
        <>
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          {pending ? (
            <>
              <Button type="button" variant="danger" isBusy={decide.isPending} onClick={() => send('reject')}>
                {t('compliance.reject')}
              </Button>
              <Button type="button" variant="primary" isBusy={decide.isPending} onClick={() => send('approve')}>
                {t('compliance.approve')}
              </Button>
            </>
          ) : null}
        </>
      }
    >
      {review.isError ? <ErrorAlert error={review.error} /> : null}
      {review.data ? (
        <div className={styles.stack} data-kyc-review={review.data.id}>
          <dl className={styles.facts}>
            <dt>{t('compliance.account')}</dt>
            <dd>
              <bdi>{review.data.account}</bdi> · {review.data.merchantCode}
            </dd>
            <dt>{t('compliance.fullName')}</dt>
            <dd>
              <bdi>{review.data.fullName ?? '—'}</bdi>
            </dd>
            <dt>{t('compliance.birthDate')}</dt>
            <dd>{review.data.birthDate ?? '—'}</dd>
            <dt>{t('compliance.address')}</dt>
            <dd>
              <bdi>{review.data.address ?? '—'}</bdi>
            </dd>
          </dl>
          <div className={styles.documents}>
            {review.data.documents.map((document, index) => (
              <a
                key={document.id}
                href={`data:${document.contentType};base64,${document.data}`}
                target="_blank"
                rel="noreferrer"
              >
                <img
                  src={`data:${document.contentType};base64,${document.data}`}
                  alt={t('compliance.document', { n: index + 1 })}
                />
              </a>
            ))}
          </div>
          {pending ? (
            <Field
              label={t('compliance.reason')}
              htmlFor="kyc-reason"
              error={reasonError ? { message: reasonError.code, types: reasonError.params } : undefined}
            >
              <textarea id="kyc-reason" rows={2} value={reason} onChange={(event) => setReason(event.target.value)} />
            </Field>
          ) : (
            <p>
              <Badge tone={reviewTones[review.data.status]}>{t(`compliance.status.${review.data.status}`)}</Badge>{' '}
              {review.data.reason ? <bdi>{review.data.reason}</bdi> : null}
            </p>
          )}
          {decide.isError && !reasonError ? <ErrorAlert error={decide.error} /> : null}
        </div>
      ) : null}
    </Dialog>
  );
};

/** The identity documents queue (decision 0102): pending first in, first shown; decided ones by status. */
export const KycQueue = ({ memberPathOf }: { memberPathOf: (id: string) => string }) => {
  const { t } = useTranslation();
  const time = useTime();
  const [status, setStatus] = useState<KycReviewStatus>('pending');
  const [open, setOpen] = useState<string | null>(null);
  const reviews = useKycReviews(status);
  return (
    <Panel title={t('compliance.kycTitle')} description={t('compliance.kycDescription')}>
      <div className={styles.stack}>
        <label className={styles.filter}>
          <span>{t('compliance.statusLabel')}</span>
          <select value={status} onChange={(event) => setStatus(event.target.value as KycReviewStatus)}>
            {kycReviewStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`compliance.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
        {reviews.isError ? <ErrorAlert error={reviews.error} /> : null}
        {reviews.data && reviews.data.length === 0 ? <p>{t('compliance.noReviews')}</p> : null}
        {reviews.data && reviews.data.length > 0 ? (
          <div className={table.wrap}>
            <table className={table.table} data-testid="kyc-reviews">
              <thead>
                <tr>
                  <th scope="col">{t('compliance.sentAt')}</th>
                  <th scope="col">{t('compliance.account')}</th>
                  <th scope="col">{t('compliance.merchant')}</th>
                  <th scope="col">{t('compliance.tier')}</th>
                  <th scope="col">{t('compliance.statusLabel')}</th>
                  <th scope="col">{t('common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {reviews.data.map((row) => (
                  <tr key={row.id} data-kyc-row={row.account}>
                    <td data-label={t('compliance.sentAt')} className={table.nowrap}>
                      {time(row.createdAt)}
                    </td>
                    <td data-label={t('compliance.account')}>
                      <Link to={memberPathOf(row.memberId)}>
                        <bdi>{row.account}</bdi>
                      </Link>
                    </td>
                    <td data-label={t('compliance.merchant')}>{row.merchantCode}</td>
                    <td data-label={t('compliance.tier')}>{t(`compliance.tiers.${row.tier}`)}</td>
                    <td data-label={t('compliance.statusLabel')}>
                      <Badge tone={reviewTones[row.status]}>{t(`compliance.status.${row.status}`)}</Badge>
                      {row.reason ? <div className={table.muted}>{row.reason}</div> : null}
                    </td>
                    <td data-label={t('common.actions')}>
                      <Button size="sm" variant="secondary" onClick={() => setOpen(row.id)} data-action="kyc-open">
                        {t('compliance.open')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
      {open ? <ReviewDialog id={open} onClose={() => setOpen(null)} /> : null}
    </Panel>
  );
};

/**
 * The withdrawal thresholds per identity tier of one merchant (empty: no threshold). An operator bound to one merchant
 * edits its own; an all-merchant operator picks one of `merchantCodes` (the page reads the list).
 */
export const KycThresholdsForm = ({
  merchantCode,
  merchantCodes,
}: {
  merchantCode: string | null;
  merchantCodes: readonly string[];
}) => {
  const { t } = useTranslation();
  const [code, setCode] = useState(merchantCode ?? '');
  const current = useKycThresholds(code);
  const save = useSetKycThresholds(code);
  const [values, setValues] = useState<{ unverifiedMax: string; basicMax: string } | null>(null);
  const shown = values ?? {
    unverifiedMax: current.data?.unverifiedMax ?? '',
    basicMax: current.data?.basicMax ?? '',
  };
  const errorOf = (path: string) => {
    const found = isApiError(save.error) ? save.error.fieldErrors.find((error) => error.path === path) : undefined;
    return found ? { message: found.code, types: found.params } : undefined;
  };
  const hasFieldErrors = isApiError(save.error) && save.error.fieldErrors.length > 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { unverifiedMax: shown.unverifiedMax.trim() || null, basicMax: shown.basicMax.trim() || null },
      { onSuccess: () => setValues(null) },
    );
  };
  return (
    <Panel title={t('compliance.thresholdsTitle')} description={t('compliance.thresholdsDescription')}>
      <form className={styles.stack} onSubmit={submit} noValidate data-form="kyc-thresholds">
        {merchantCode === null ? (
          <MerchantPicker
            value={code}
            merchantCodes={merchantCodes}
            hasNone
            onChange={(picked) => {
              setCode(picked);
              setValues(null);
            }}
          />
        ) : null}
        {code ? (
          <>
            <Field
              label={t('compliance.unverifiedMax', { currency: current.data?.currency ?? '' })}
              htmlFor="kyc-unverified-max"
              hint={t('compliance.emptyNoThreshold')}
              error={errorOf('unverifiedMax')}
            >
              <input
                id="kyc-unverified-max"
                inputMode="decimal"
                value={shown.unverifiedMax}
                onChange={(event) => setValues({ ...shown, unverifiedMax: event.target.value })}
              />
            </Field>
            <Field
              label={t('compliance.basicMax', { currency: current.data?.currency ?? '' })}
              htmlFor="kyc-basic-max"
              hint={t('compliance.emptyNoThreshold')}
              error={errorOf('basicMax')}
            >
              <input
                id="kyc-basic-max"
                inputMode="decimal"
                value={shown.basicMax}
                onChange={(event) => setValues({ ...shown, basicMax: event.target.value })}
              />
            </Field>
            <div>
              <Button type="submit" variant="primary" isBusy={save.isPending}>
                {t('common.save')}
              </Button>
            </div>
            {save.isSuccess && values === null ? (
              <Alert tone="success" title={t('compliance.thresholdsSaved')} />
            ) : null}
            {save.isError && !hasFieldErrors ? <ErrorAlert error={save.error} /> : null}
          </>
        ) : null}
      </form>
    </Panel>
  );
};

/** The exclusion register: a person's breaks and exclusions on every merchant (decision 0103). */
export const ExclusionRegister = ({ memberPathOf }: { memberPathOf: (id: string) => string }) => {
  const { t } = useTranslation();
  const time = useTime();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const found = useExclusionRegister(query);
  return (
    <Panel title={t('compliance.registerTitle')} description={t('compliance.registerDescription')}>
      <div className={styles.stack}>
        <form
          className={styles.search}
          onSubmit={(event) => {
            event.preventDefault();
            setQuery(draft.trim());
          }}
          data-form="exclusion-register"
        >
          <Field label={t('compliance.registerQuery')} htmlFor="register-q" hint={t('compliance.registerHint')}>
            <input id="register-q" value={draft} onChange={(event) => setDraft(event.target.value)} />
          </Field>
          <div>
            <Button type="submit" variant="primary" isBusy={found.isFetching}>
              {t('compliance.search')}
            </Button>
          </div>
        </form>
        {query.length > 0 && query.length < 3 ? (
          <Alert tone="warning" title={t('compliance.registerTooShort')} />
        ) : null}
        {found.isError ? <ErrorAlert error={found.error} /> : null}
        {found.data && found.data.length === 0 ? <p data-register-empty>{t('compliance.registerNone')}</p> : null}
        {found.data && found.data.length > 0 ? (
          <div className={table.wrap}>
            <table className={table.table} data-testid="exclusion-register">
              <thead>
                <tr>
                  <th scope="col">{t('compliance.account')}</th>
                  <th scope="col">{t('compliance.merchant')}</th>
                  <th scope="col">{t('compliance.kind')}</th>
                  <th scope="col">{t('compliance.from')}</th>
                  <th scope="col">{t('compliance.until')}</th>
                  <th scope="col">{t('compliance.statusLabel')}</th>
                </tr>
              </thead>
              <tbody>
                {found.data.map((row) => (
                  <tr key={`${row.memberId}-${row.startsAt}-${row.kind}`} data-register-row={row.account}>
                    <td data-label={t('compliance.account')}>
                      <Link to={memberPathOf(row.memberId)}>
                        <bdi>{row.account}</bdi>
                      </Link>
                    </td>
                    <td data-label={t('compliance.merchant')}>{row.merchantCode}</td>
                    <td data-label={t('compliance.kind')}>
                      {t(`responsibleGaming.kind.${row.kind}`)} · {row.duration}
                      {row.allMerchants ? <div className={table.muted}>{t('compliance.allMerchants')}</div> : null}
                    </td>
                    <td data-label={t('compliance.from')} className={table.nowrap}>
                      {time(row.startsAt)}
                    </td>
                    <td data-label={t('compliance.until')} className={table.nowrap}>
                      {row.endsAt ? time(row.endsAt) : t('responsibleGaming.permanent')}
                    </td>
                    <td data-label={t('compliance.statusLabel')}>
                      <Badge tone={row.inForce ? 'danger' : 'neutral'}>
                        {row.inForce ? t('compliance.inForce') : t('compliance.ended')}
                      </Badge>
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
