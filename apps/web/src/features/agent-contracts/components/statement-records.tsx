import type { AgentStatement, ContractKind, StatementStatus } from '@tessera/contracts';
import { orderedInputs } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Alert } from '../../../shared/ui/alert/alert';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords } from '../../../shared/ui/data-table/paged-records';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { type BadgeTone, StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { useStatements } from '../api/agent-contracts-api';
import styles from './agent-contracts.module.css';
import { ContractList } from './contract-list';

const PAGE_SIZE = 20;
type Side = 'received' | 'paid';

const statusTones: Record<StatementStatus, BadgeTone> = {
  paid: 'success',
  partial: 'warning',
  insufficient: 'danger',
  nothing_due: 'neutral',
};

/**
 * One agent-centre record page (dividend record, daily wages, hourly salary, real-time salary): the statements of
 * the contracts the agent holds (received) or offered (paid), each period with its amount, what was paid and its
 * status; a row opens the statement behind it (what the settlement read, the tier met, the rate, the chain hash).
 * Above them, the kind's live contracts, where either side terminates a running one.
 */
export const StatementRecords = ({ kind }: { kind: ContractKind }) => {
  const { t } = useTranslation('agent-contracts');
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const [side, setSide] = useState<Side>('received');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<AgentStatement | null>(null);
  const statements = useStatements({ kind, side, pageNo, pageSize: PAGE_SIZE });
  const currency = statements.data?.currency ?? '';
  const period = (row: AgentStatement) => `${formatDateTime(row.periodStart)} – ${formatDateTime(row.periodEnd)}`;
  return (
    <div className={styles.page} data-contract-records={kind}>
      <ContractList kinds={[kind]} />
      <Tabs<Side>
        idPrefix={`contract-records-${kind}`}
        label={t('contract_records_side')}
        items={[
          { id: 'received', label: t('contract_side_received') },
          { id: 'paid', label: t('contract_side_paid') },
        ]}
        activeId={side}
        onSelect={(next) => {
          setSide(next);
          setPageNo(1);
        }}
      />
      {statements.data && !statements.data.chainIntact ? (
        <Alert tone="danger">{t('contract_chain_broken')}</Alert>
      ) : null}
      <Card title={t(`contract_records_${kind}`)} name="contract-records" isPadded={false}>
        <div
          id={`contract-records-${kind}-panel`}
          role="tabpanel"
          aria-labelledby={`contract-records-${kind}-tab-${side}`}
        >
          <PagedRecords<AgentStatement>
            query={statements}
            pageNo={pageNo}
            onPageChange={setPageNo}
            rowKey={(row) => row.id}
            rowData={(row) => ({ 'data-statement': row.id, 'data-statement-status': row.status })}
            columns={[
              { label: t('contract_statement_period'), render: period },
              {
                label: side === 'received' ? t('contract_from') : t('contract_to'),
                render: (row) => (
                  <bdi dir="ltr">
                    {side === 'received' ? (row.uplineAccount ?? t('contract_platform')) : row.downlineAccount}
                  </bdi>
                ),
              },
              { label: t('contract_tier'), isNumeric: true, render: (row) => row.tier ?? '–' },
              { label: t('contract_rate'), isNumeric: true, render: (row) => (row.rate ? `${row.rate} %` : '–') },
              { label: t('contract_amount'), isNumeric: true, render: (row) => formatMoney(row.amount, currency) },
              { label: t('contract_paid'), isNumeric: true, render: (row) => formatMoney(row.paid, currency) },
              {
                label: t('contract_status'),
                render: (row) => (
                  <StatusBadge tone={statusTones[row.status]}>{t(`contract_statement_${row.status}`)}</StatusBadge>
                ),
              },
              {
                label: t('contract_statement'),
                render: (row) => (
                  <Button variant="ghost" size="sm" onClick={() => setOpen(row)} data-open-statement={row.id}>
                    {t('contract_view')}
                  </Button>
                ),
              },
            ]}
          />
        </div>
      </Card>
      {open ? (
        <Dialog
          name="contract-statement"
          isOpen
          onClose={() => setOpen(null)}
          title={t('contract_statement')}
          size="md"
        >
          <div className={styles.statement}>
            {open.inputs.leftOutMembers ? (
              <Alert tone="info" name="contract-left-out">
                {t('contract_left_out_note')}
              </Alert>
            ) : null}
            <DetailList
              items={[
                { name: 'seq', label: t('contract_statement_seq'), value: open.seq },
                { name: 'period', label: t('contract_statement_period'), value: period(open) },
                { name: 'upline', label: t('contract_upline'), value: open.uplineAccount ?? t('contract_platform') },
                { name: 'downline', label: t('contract_downline'), value: open.downlineAccount },
                ...orderedInputs(open.inputs).map(([key, value]) => ({
                  name: `input-${key}`,
                  label: t(`contract_input_${key}`, { defaultValue: key }),
                  value:
                    typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? formatMoney(value, currency) : value,
                })),
                { name: 'tier', label: t('contract_tier'), value: open.tier ?? '–' },
                { name: 'rate', label: t('contract_rate'), value: open.rate ? `${open.rate} %` : '–' },
                { name: 'amount', label: t('contract_amount'), value: formatMoney(open.amount, currency) },
                { name: 'paid', label: t('contract_paid'), value: formatMoney(open.paid, currency) },
                { name: 'status', label: t('contract_status'), value: t(`contract_statement_${open.status}`) },
                { name: 'payer', label: t('contract_payer'), value: t(`contract_payer_${open.payer}`) },
                { name: 'createdAt', label: t('contract_settled_at'), value: formatDateTime(open.createdAt) },
                { name: 'hash', label: t('contract_hash'), value: <span className={styles.hash}>{open.hash}</span> },
              ]}
            />
          </div>
        </Dialog>
      ) : null}
    </div>
  );
};

export const DividendRecordPanel = () => <StatementRecords kind="dividend" />;
export const DailyWagesPanel = () => <StatementRecords kind="daily" />;
export const HourlySalaryPanel = () => <StatementRecords kind="hourly" />;
export const RealtimeSalaryPanel = () => <StatementRecords kind="realtime" />;
