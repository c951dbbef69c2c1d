import {
  type MemberFlagKind,
  memberFlagKinds,
  type Operator,
  type MemberOverview as Overview,
} from '@tessera/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { canOperator } from '../../../shared/permissions/operator-permissions';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { CountryLabel } from '../../../shared/ui/country-label';
import { DataTable } from '../../../shared/ui/data-table';
import table from '../../../shared/ui/data-table.module.css';
import { Field } from '../../../shared/ui/field';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { Panel } from '../../../shared/ui/panel';
import { useAddMemberNote, useMemberOverview, useSetMemberFlag } from '../api/member-overview';
import styles from './reports.module.css';

const useTime = () => {
  const format = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string | null) => (iso ? format.format(Date.parse(iso)) : '—');
};

const Figure = ({ label, value, testId }: { label: string; value: string; testId: string }) => (
  <article className={styles.card} data-testid={testId}>
    <span className={styles.cardLabel}>{label}</span>
    <span className={styles.cardValue}>{value}</span>
  </article>
);

/** The server's field error for a form, translated (the note's body, the flag's reason). */
const fieldErrorOf = (error: unknown, path: string): string | undefined => {
  if (!error) return undefined;
  if (isApiError(error)) return error.fieldErrors.find((f) => f.path === path)?.code ?? error.code;
  return errorCodeOf(error);
};

const NotesPanel = ({ id, overview, canWrite }: { id: string; overview: Overview; canWrite: boolean }) => {
  const { t } = useTranslation();
  const time = useTime();
  const [body, setBody] = useState('');
  const add = useAddMemberNote(id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(body, { onSuccess: () => setBody('') });
  };
  const error = fieldErrorOf(add.error, 'body');
  return (
    <Panel id="member-notes" title={t('reports.member.notes')} description={t('reports.member.notesDescription')}>
      {canWrite ? (
        <form className={styles.noteForm} onSubmit={submit} noValidate>
          <Field
            label={t('reports.member.newNote')}
            htmlFor="member-note"
            error={error ? { message: error } : undefined}
          >
            <textarea
              id="member-note"
              rows={2}
              value={body}
              maxLength={1000}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setBody(event.target.value)}
            />
          </Field>
          <Button type="submit" isBusy={add.isPending}>
            {t('reports.member.addNote')}
          </Button>
        </form>
      ) : null}
      {overview.notes.length === 0 ? (
        <p className={styles.muted}>{t('reports.member.noNotes')}</p>
      ) : (
        <ul className={styles.notes} data-testid="member-notes">
          {overview.notes.map((note) => (
            <li key={note.id}>
              <p>{note.body}</p>
              <span className={styles.muted}>
                {note.author} · {time(note.createdAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
};

const FlagsPanel = ({ id, overview, canWrite }: { id: string; overview: Overview; canWrite: boolean }) => {
  const { t } = useTranslation();
  const time = useTime();
  const [flag, setFlag] = useState<MemberFlagKind>('watch');
  const [reason, setReason] = useState('');
  const change = useSetMemberFlag(id);
  const isSet = overview.flags.some((row) => row.flag === flag);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate({ flag, on: !isSet, reason }, { onSuccess: () => setReason('') });
  };
  const error = fieldErrorOf(change.error, 'reason');
  return (
    <Panel id="member-flags" title={t('reports.member.flags')} description={t('reports.member.flagsDescription')}>
      <div className={styles.flagList} data-testid="member-flags">
        {overview.flags.length === 0 ? <p className={styles.muted}>{t('reports.member.noFlags')}</p> : null}
        {overview.flags.map((row) => (
          <span key={row.flag} className={styles.flag} data-flag={row.flag}>
            <Badge tone="warning">{t(`reports.member.flag.${row.flag}`)}</Badge>
            <span className={styles.muted}>
              {row.reason} · {row.setBy} · {time(row.setAt)}
            </span>
          </span>
        ))}
      </div>
      {canWrite ? (
        <form className={styles.noteForm} onSubmit={submit} noValidate>
          <Field label={t('reports.member.flag.label')} htmlFor="member-flag">
            <select id="member-flag" value={flag} onChange={(event) => setFlag(event.target.value as MemberFlagKind)}>
              {memberFlagKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`reports.member.flag.${kind}`)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label={t('reports.member.flagReason')}
            htmlFor="member-flag-reason"
            error={error ? { message: error } : undefined}
          >
            <input
              id="member-flag-reason"
              value={reason}
              maxLength={200}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </Field>
          <Button type="submit" variant={isSet ? 'secondary' : 'primary'} isBusy={change.isPending}>
            {t(isSet ? 'reports.member.clearFlag' : 'reports.member.setFlag')}
          </Button>
        </form>
      ) : null}
    </Panel>
  );
};

/**
 * A member's 360 view (decision 0094): balances, cash and play totals (only for the roles that may see them),
 * bets by game, the latest deposits, withdrawals and bonuses, devices, flags and notes.
 */
export const MemberOverview = ({ id, actor }: { id: string; actor: Operator }) => {
  const { t } = useTranslation();
  const time = useTime();
  const overview = useMemberOverview(id);
  if (overview.isPending) return <LoadingState />;
  if (overview.isError) return <ErrorState error={overview.error} onRetry={() => void overview.refetch()} />;
  const data = overview.data;
  const money = (value: string | null) => (value === null ? '—' : `${value} ${data.currency}`);
  return (
    <div className={`${styles.stack} ${styles.overview}`} data-testid="member-overview">
      <Panel
        id="member-360"
        title={t('reports.member.title')}
        description={t('reports.member.description', {
          source: data.member.source ? t(`reports.member.source.${data.member.source}`) : '—',
          upline: data.member.uplineAccount ?? '—',
          referrer: data.member.referrerAccount ?? '—',
        })}
      >
        <div className={styles.cards}>
          <article className={styles.card} data-testid="member-region">
            <span className={styles.cardLabel}>{t('members.region')}</span>
            <span className={styles.cardValue}>
              <CountryLabel code={data.member.country} />
            </span>
          </article>
          {data.balances.map((wallet) => (
            <Figure
              key={wallet.wallet}
              testId={`balance-${wallet.wallet}`}
              label={t('reports.member.balance', { wallet: wallet.wallet })}
              value={money(wallet.balance)}
            />
          ))}
          {data.cash ? (
            <>
              <Figure
                testId="cash-deposits"
                label={t('reports.member.deposits', { count: data.cash.depositCount })}
                value={money(data.cash.deposits)}
              />
              <Figure
                testId="cash-withdrawals"
                label={t('reports.member.withdrawals', { count: data.cash.withdrawalCount })}
                value={money(data.cash.withdrawals)}
              />
              <Figure testId="cash-net" label={t('reports.figures.netCash')} value={money(data.cash.netCash)} />
            </>
          ) : null}
          {data.play ? (
            <>
              <Figure testId="play-stakes" label={t('reports.figures.bets')} value={money(data.play.stakes)} />
              <Figure testId="play-ggr" label={t('reports.figures.ggr')} value={money(data.play.ggr)} />
            </>
          ) : null}
        </div>
        {data.hidden.length > 0 ? (
          <p className={styles.muted} data-testid="member-hidden">
            {t('reports.hidden', { groups: data.hidden.map((group) => t(`reports.groups.${group}`)).join(', ') })}
          </p>
        ) : null}
      </Panel>
      {data.play ? (
        <Panel id="member-games" title={t('reports.member.byGame', { rounds: data.play.rounds })}>
          {data.play.byGame.length === 0 ? (
            <p className={styles.muted}>{t('reports.member.none')}</p>
          ) : (
            <DataTable
              testId="member-games"
              columns={[
                t('reports.columns.category'),
                t('reports.columns.provider'),
                t('reports.columns.rounds'),
                t('reports.columns.stakes'),
                t('reports.columns.payouts'),
                t('reports.columns.ggr'),
                t('reports.member.lastAt'),
              ]}
            >
              {data.play.byGame.map((game) => (
                <tr key={`${game.category}-${game.source}-${game.provider}`}>
                  <td data-label={t('reports.columns.category')}>{game.category}</td>
                  <td data-label={t('reports.columns.provider')}>
                    {game.source} · {game.provider}
                  </td>
                  <td data-label={t('reports.columns.rounds')} className={table.nowrap}>
                    {game.rounds}
                  </td>
                  <td data-label={t('reports.columns.stakes')} className={table.nowrap}>
                    {game.stakes}
                  </td>
                  <td data-label={t('reports.columns.payouts')} className={table.nowrap}>
                    {game.payouts}
                  </td>
                  <td data-label={t('reports.columns.ggr')} className={table.nowrap}>
                    {game.ggr}
                  </td>
                  <td data-label={t('reports.member.lastAt')}>{time(game.lastAt)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </Panel>
      ) : null}
      <div className={styles.columns}>
        <Panel id="member-deposits" title={t('reports.member.latestDeposits')}>
          {data.deposits.length === 0 ? (
            <p className={styles.muted}>{t('reports.member.none')}</p>
          ) : (
            <DataTable
              testId="member-deposits"
              columns={[
                t('reports.member.time'),
                t('reports.member.channel'),
                t('reports.member.status'),
                t('reports.member.amount'),
              ]}
            >
              {data.deposits.map((order) => (
                <tr key={order.id}>
                  <td data-label={t('reports.member.time')}>{time(order.createdAt)}</td>
                  <td data-label={t('reports.member.channel')}>{order.channel}</td>
                  <td data-label={t('reports.member.status')}>{order.status}</td>
                  <td data-label={t('reports.member.amount')} className={table.nowrap}>
                    {order.amount ?? '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Panel>
        <Panel id="member-withdrawals" title={t('reports.member.latestWithdrawals')}>
          {data.withdrawals.length === 0 ? (
            <p className={styles.muted}>{t('reports.member.none')}</p>
          ) : (
            <DataTable
              testId="member-withdrawals"
              columns={[t('reports.member.time'), t('reports.member.status'), t('reports.member.amount')]}
            >
              {data.withdrawals.map((order) => (
                <tr key={order.id}>
                  <td data-label={t('reports.member.time')}>{time(order.createdAt)}</td>
                  <td data-label={t('reports.member.status')}>{order.status}</td>
                  <td data-label={t('reports.member.amount')} className={table.nowrap}>
                    {order.amount ?? '—'}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </Panel>
      </div>
      <Panel id="member-bonuses" title={t('reports.member.bonuses')}>
        {data.bonuses.length === 0 ? (
          <p className={styles.muted}>{t('reports.member.none')}</p>
        ) : (
          <DataTable
            testId="member-bonuses"
            columns={[
              t('reports.member.time'),
              t('reports.member.kind'),
              t('reports.member.status'),
              t('reports.member.amount'),
            ]}
          >
            {data.bonuses.map((bonus, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rewards keep their order within one answer
              <tr key={index}>
                <td data-label={t('reports.member.time')}>{time(bonus.createdAt)}</td>
                <td data-label={t('reports.member.kind')}>{bonus.kind}</td>
                <td data-label={t('reports.member.status')}>{bonus.status}</td>
                <td data-label={t('reports.member.amount')} className={table.nowrap}>
                  {bonus.amount}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <Panel id="member-devices" title={t('reports.member.devices')}>
        {data.devices.length === 0 ? (
          <p className={styles.muted}>{t('reports.member.none')}</p>
        ) : (
          <DataTable
            testId="member-devices"
            columns={[
              t('reports.member.device'),
              t('reports.member.ips'),
              t('reports.member.logins'),
              t('reports.member.lastAt'),
            ]}
          >
            {data.devices.map((device) => (
              <tr key={`${device.deviceId ?? ''}-${device.userAgent ?? ''}`}>
                <td data-label={t('reports.member.device')} className={styles.agent}>
                  {device.deviceId ?? device.userAgent ?? '—'}
                </td>
                <td data-label={t('reports.member.ips')}>{device.ips.join(', ')}</td>
                <td data-label={t('reports.member.logins')} className={table.nowrap}>
                  {device.logins}
                </td>
                <td data-label={t('reports.member.lastAt')}>{time(device.lastAt)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </Panel>
      <div className={styles.columns}>
        <FlagsPanel id={id} overview={data} canWrite={canOperator(actor.role, 'member.flag')} />
        <NotesPanel id={id} overview={data} canWrite={canOperator(actor.role, 'member.note')} />
      </div>
    </div>
  );
};
