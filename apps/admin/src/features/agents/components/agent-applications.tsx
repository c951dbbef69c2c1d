import { type AdminAgentApplication, type AgentApplicationStatus, agentMemberTypes } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { useAgentApplications, useDecideApplication } from '../api/agents-api';
import styles from './agents.module.css';

const PAGE_SIZE = 20;
const statusTone = { pending: 'info', approved: 'success', rejected: 'danger' } as const;

/** The decision dialog: approve with an agent type, or reject with a reason. */
const DecideDialog = ({
  code,
  application,
  onClose,
}: {
  code: string;
  application: AdminAgentApplication;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const decide = useDecideApplication(code);
  const [agentType, setAgentType] = useState<number>(agentMemberTypes[0]);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (approve: boolean) => {
    setFailure(null);
    try {
      await decide.mutateAsync({
        id: application.id,
        input: approve ? { approve: true, agentType } : { approve: false, reason },
      });
      onClose();
    } catch (error) {
      setFailure(errorCodeOf(error));
    }
  };
  return (
    <Dialog
      isOpen
      title={t('agents.decideTitle', { account: application.account })}
      onClose={onClose}
      footer={
        <>
          <Button variant="danger" onClick={() => void submit(false)} disabled={decide.isPending || !reason.trim()}>
            {t('agents.reject')}
          </Button>
          <Button onClick={() => void submit(true)} disabled={decide.isPending}>
            {t('agents.approve')}
          </Button>
        </>
      }
    >
      <div className={styles.dialogBody}>
        <p>
          {application.contactName} · <bdi dir="ltr">{application.contactMobile}</bdi>
        </p>
        {application.message ? <p className={styles.muted}>{application.message}</p> : null}
        {failure ? (
          <Alert tone="danger" title={t(`errors.${failure}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <Field label={t('agents.agentType')} htmlFor="agent-type">
          <select id="agent-type" value={agentType} onChange={(event) => setAgentType(Number(event.target.value))}>
            {agentMemberTypes.map((type) => (
              <option key={type} value={type}>
                {t('agents.typeLabel', { type })}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('agents.reason')} htmlFor="agent-reason" hint={t('agents.reasonHint')}>
          <input id="agent-reason" value={reason} maxLength={300} onChange={(event) => setReason(event.target.value)} />
        </Field>
      </div>
    </Dialog>
  );
};

/** The affiliate application queue: pending first by default; owner and risk decide. */
export const AgentApplications = ({ code, canManage }: { code: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const [status, setStatus] = useState<AgentApplicationStatus | ''>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [deciding, setDeciding] = useState<AdminAgentApplication | null>(null);
  const applications = useAgentApplications(code, { ...(status ? { status } : {}), pageNo, pageSize: PAGE_SIZE });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <>
      <Field label={t('agents.status')} htmlFor="agent-status-filter" className={styles.filter}>
        <select
          id="agent-status-filter"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as AgentApplicationStatus | '');
            setPageNo(1);
          }}
        >
          <option value="">{t('agents.all')}</option>
          <option value="pending">{t('agents.statuses.pending')}</option>
          <option value="approved">{t('agents.statuses.approved')}</option>
          <option value="rejected">{t('agents.statuses.rejected')}</option>
        </select>
      </Field>
      <ListStates query={applications} emptyMessage={t('agents.applicationsEmpty')} />
      {applications.data && applications.data.list.length > 0 ? (
        <>
          <div className={table.wrap}>
            <table className={table.table} data-testid="agent-applications">
              <thead>
                <tr>
                  <th scope="col">{t('agents.time')}</th>
                  <th scope="col">{t('agents.account')}</th>
                  <th scope="col">{t('agents.contact')}</th>
                  <th scope="col">{t('agents.status')}</th>
                  <th scope="col">{t('agents.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {applications.data.list.map((row) => (
                  <tr key={row.id} data-application={row.account}>
                    <td data-label={t('agents.time')}>{formatTime.format(Date.parse(row.createdAt))}</td>
                    <td data-label={t('agents.account')}>{row.account}</td>
                    <td data-label={t('agents.contact')}>
                      {row.contactName} · <bdi dir="ltr">{row.contactMobile}</bdi>
                    </td>
                    <td data-label={t('agents.status')}>
                      <Badge tone={statusTone[row.status]}>{t(`agents.statuses.${row.status}`)}</Badge>
                      {row.reason ? <span className={styles.muted}> {row.reason}</span> : null}
                    </td>
                    <td data-label={t('agents.actions')}>
                      {canManage && row.status === 'pending' ? (
                        <Button size="sm" onClick={() => setDeciding(row)}>
                          {t('agents.decide')}
                        </Button>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            pageNo={pageNo}
            totalPages={applications.data.totalPages}
            onChange={setPageNo}
            isDisabled={applications.isFetching}
          />
        </>
      ) : null}
      {deciding ? <DecideDialog code={code} application={deciding} onClose={() => setDeciding(null)} /> : null}
    </>
  );
};
