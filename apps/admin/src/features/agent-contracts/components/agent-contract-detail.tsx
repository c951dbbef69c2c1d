import { type AgentContractRun, orderedInputs, runRerunnable } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../../../shared/api/api-error';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { DataTable } from '../../../shared/ui/data-table';
import { ErrorState, LoadingState } from '../../../shared/ui/page-state';
import { PagedTable } from '../../../shared/ui/paged-table';
import { Panel } from '../../../shared/ui/panel';
import {
  useAgentContract,
  useAgentContractRuns,
  useAgentContractStatements,
  useRerunAgentContractRun,
} from '../api/agent-contracts-api';
import styles from './agent-contracts.module.css';
import { actorParts, contractStatusTone, runStatusTone, statementStatusTone } from './contract-labels';
import { ContractTermsTable } from './contract-terms';

const PAGE_SIZE = 10;

const useFormatTime = () => {
  const format = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string | null) => (iso ? format.format(Date.parse(iso)) : '—');
};

/** A transition's or run's actor in words: a member, an operator, or the system. */
const Actor = ({ actor }: { actor: string }) => {
  const { t } = useTranslation();
  const [kind, name] = actorParts(actor);
  return <>{t(`agentContracts.actors.${kind}`, { name, defaultValue: actor })}</>;
};

/** The settlement runs of a contract, one per period; a failed or still-owed one can be run again. */
const ContractRuns = ({ code, contractId, canManage }: { code: string; contractId: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const [pageNo, setPageNo] = useState(1);
  const [confirming, setConfirming] = useState<AgentContractRun | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'warning' | 'danger'; text: string } | null>(null);
  const runs = useAgentContractRuns(code, { contractId, pageNo, pageSize: PAGE_SIZE });
  const rerun = useRerunAgentContractRun(code);
  const columns = [
    t('agentContracts.periodStart'),
    t('agentContracts.runStatus'),
    t('agentContracts.statementStatus'),
    t('agentContracts.amount'),
    t('agentContracts.paid'),
    t('agentContracts.attempts'),
    t('agentContracts.actions'),
  ];
  const confirm = async () => {
    if (!confirming) return;
    try {
      const after = await rerun.mutateAsync(confirming.id);
      setOutcome(
        after.status === 'failed'
          ? { tone: 'danger', text: t('agentContracts.rerunFailed', { error: after.error ?? '' }) }
          : after.statementStatus === 'paid' || after.statementStatus === 'nothing_due'
            ? { tone: 'success', text: t('agentContracts.rerunPaid') }
            : { tone: 'warning', text: t('agentContracts.rerunStillOwed', { paid: after.paid, amount: after.amount }) },
      );
    } catch (error) {
      setOutcome({ tone: 'danger', text: t(`errors.${errorCodeOf(error)}`) });
    }
    setConfirming(null);
  };
  return (
    <Panel id="contract-runs" title={t('agentContracts.runs')} description={t('agentContracts.runsHint')}>
      {outcome ? (
        <div data-rerun-outcome={outcome.tone}>
          <Alert tone={outcome.tone}>{outcome.text}</Alert>
        </div>
      ) : null}
      <PagedTable
        query={runs}
        emptyMessage={t('agentContracts.runsEmpty')}
        testId="agent-contract-runs"
        columns={columns}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(run) => (
          <tr key={run.id} data-run={run.id} data-run-status={run.status} data-statement-status={run.statementStatus}>
            <td data-label={columns[0]}>{formatTime(run.periodStart)}</td>
            <td data-label={columns[1]}>
              <Badge tone={runStatusTone[run.status]}>{t(`agentContracts.runStatuses.${run.status}`)}</Badge>
              {run.error ? <span className={styles.muted}> {run.error}</span> : null}
            </td>
            <td data-label={columns[2]}>
              {run.statementStatus ? (
                <Badge tone={statementStatusTone[run.statementStatus]}>
                  {t(`agentContracts.statementStatuses.${run.statementStatus}`)}
                </Badge>
              ) : (
                '—'
              )}
            </td>
            <td data-label={columns[3]}>{run.amount ?? '—'}</td>
            <td data-label={columns[4]}>{run.paid ?? '—'}</td>
            <td data-label={columns[5]}>{run.attempts}</td>
            <td data-label={columns[6]}>
              {canManage && runRerunnable(run) ? (
                <Button size="sm" onClick={() => setConfirming(run)} data-rerun={run.id}>
                  {t('agentContracts.rerun')}
                </Button>
              ) : (
                '—'
              )}
            </td>
          </tr>
        )}
      />
      <ConfirmDialog
        isOpen={confirming !== null}
        title={t('agentContracts.rerunTitle')}
        confirmLabel={t('agentContracts.rerun')}
        isBusy={rerun.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          {confirming?.status === 'failed'
            ? t('agentContracts.rerunFailedBody', { period: formatTime(confirming.periodStart) })
            : t('agentContracts.rerunOwedBody', {
                period: formatTime(confirming?.periodStart ?? null),
                owed: confirming?.amount ?? '',
                paid: confirming?.paid ?? '',
              })}
        </p>
      </ConfirmDialog>
    </Panel>
  );
};

/** A contract's statements with what each read, and whether the chain of hashes holds. */
const ContractStatements = ({
  code,
  contractId,
  chain,
}: {
  code: string;
  contractId: string;
  chain: { intact: boolean; brokenAtSeq: number | null };
}) => {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const [pageNo, setPageNo] = useState(1);
  const statements = useAgentContractStatements(code, { contractId, pageNo, pageSize: PAGE_SIZE });
  const columns = [
    t('agentContracts.seq'),
    t('agentContracts.periodStart'),
    t('agentContracts.inputsTitle'),
    t('agentContracts.tier'),
    t('agentContracts.rate'),
    t('agentContracts.amount'),
    t('agentContracts.paid'),
    t('agentContracts.statementStatus'),
    t('agentContracts.hash'),
  ];
  return (
    <Panel
      id="contract-statements"
      title={t('agentContracts.statements')}
      description={t('agentContracts.statementsHint')}
      badge={
        <span data-chain={chain.intact ? 'intact' : 'broken'}>
          <Badge tone={chain.intact ? 'success' : 'danger'}>
            {chain.intact
              ? t('agentContracts.chainIntact')
              : t('agentContracts.chainBroken', { seq: chain.brokenAtSeq ?? 0 })}
          </Badge>
        </span>
      }
    >
      <PagedTable
        query={statements}
        emptyMessage={t('agentContracts.statementsEmpty')}
        testId="agent-contract-statements"
        columns={columns}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(statement) => (
          <tr key={statement.id} data-statement={statement.seq} data-statement-status={statement.status}>
            <td data-label={columns[0]}>{statement.seq}</td>
            <td data-label={columns[1]}>
              {formatTime(statement.periodStart)} – {formatTime(statement.periodEnd)}
            </td>
            <td data-label={columns[2]}>
              <ul className={styles.inputs}>
                {orderedInputs(statement.inputs).map(([name, value]) => (
                  <li key={name} data-input={name}>
                    {t(`agentContracts.inputs.${name}`, { defaultValue: name })}: {String(value)}
                  </li>
                ))}
              </ul>
            </td>
            <td data-label={columns[3]}>{statement.tier ?? '—'}</td>
            <td data-label={columns[4]}>{statement.rate === null ? '—' : `${statement.rate} %`}</td>
            <td data-label={columns[5]}>{statement.amount}</td>
            <td data-label={columns[6]}>{statement.paid}</td>
            <td data-label={columns[7]}>
              <Badge tone={statementStatusTone[statement.status]}>
                {t(`agentContracts.statementStatuses.${statement.status}`)}
              </Badge>
            </td>
            <td data-label={columns[8]}>
              <span className={styles.hash} title={statement.hash}>
                {statement.hash.slice(0, 12)}…
              </span>
            </td>
          </tr>
        )}
      />
    </Panel>
  );
};

/** One contract: its parties and terms, every transition, its runs (re-run) and its statements. */
export const AgentContractDetail = ({ code, id, canManage }: { code: string; id: string; canManage: boolean }) => {
  const { t } = useTranslation();
  const formatTime = useFormatTime();
  const detail = useAgentContract(code, id);
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  const { contract, currency } = detail.data;
  const facts: [string, React.ReactNode][] = [
    [t('agentContracts.kind'), t(`agentContracts.kinds.${contract.kind}`)],
    [
      t('agentContracts.status'),
      <Badge key="status" tone={contractStatusTone[contract.status]}>
        {t(`agentContracts.statuses.${contract.status}`)}
      </Badge>,
    ],
    [t('agentContracts.upline'), contract.uplineAccount ?? t('agentContracts.platform')],
    [t('agentContracts.downline'), contract.downlineAccount],
    [t('agentContracts.payer'), t(`agentContracts.payers.${contract.payer}`)],
    [t('agentContracts.currency'), currency],
    [t('agentContracts.offeredAt'), formatTime(contract.offeredAt)],
    [t('agentContracts.decidedAt'), formatTime(contract.decidedAt)],
    [t('agentContracts.startsAt'), formatTime(contract.startsAt)],
    [t('agentContracts.endsAt'), contract.endsAt ? formatTime(contract.endsAt) : t('agentContracts.openEnded')],
  ];
  const historyColumns = [t('agentContracts.time'), t('agentContracts.action'), t('agentContracts.actor')];
  return (
    <div className={styles.stack} data-contract-detail={contract.id}>
      <Panel id="contract-terms" title={t('agentContracts.terms')}>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <ContractTermsTable terms={contract.terms} />
      </Panel>
      <Panel id="contract-history" title={t('agentContracts.history')}>
        <DataTable columns={historyColumns} testId="agent-contract-history">
          {contract.history.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: transitions are in order and have no id on the wire
            <tr key={index} data-transition={event.action}>
              <td data-label={historyColumns[0]}>{formatTime(event.at)}</td>
              <td data-label={historyColumns[1]}>
                {t(`agentContracts.transitions.${event.action}`, { defaultValue: event.action })}
              </td>
              <td data-label={historyColumns[2]}>
                <Actor actor={event.actor} />
              </td>
            </tr>
          ))}
        </DataTable>
      </Panel>
      <ContractRuns code={code} contractId={contract.id} canManage={canManage} />
      <ContractStatements
        code={code}
        contractId={contract.id}
        chain={{ intact: detail.data.chainIntact, brokenAtSeq: detail.data.brokenAtSeq }}
      />
    </div>
  );
};
