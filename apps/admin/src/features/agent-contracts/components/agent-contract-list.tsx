import {
  type ContractKind,
  type ContractStatus,
  contractKinds,
  contractStatuses,
  rateOfBasisPoints,
  topRateOf,
} from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Field } from '../../../shared/ui/field';
import { PagedTable } from '../../../shared/ui/paged-table';
import { useAgentContracts } from '../api/agent-contracts-api';
import styles from './agent-contracts.module.css';
import { contractStatusTone } from './contract-labels';

const PAGE_SIZE = 20;

export const agentContractPath = (code: string, id: string) =>
  `/merchants/${encodeURIComponent(code)}/agent-contracts/${encodeURIComponent(id)}`;

/** The merchant's contracts, newest first, by kind, status and agent (either side), each opening its detail. */
export const AgentContractList = ({ code }: { code: string }) => {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ContractKind | ''>('');
  const [status, setStatus] = useState<ContractStatus | ''>('');
  const [account, setAccount] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const contracts = useAgentContracts(code, {
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(account.trim() ? { account: account.trim() } : {}),
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' });
  const columns = [
    t('agentContracts.offeredAt'),
    t('agentContracts.kind'),
    t('agentContracts.upline'),
    t('agentContracts.downline'),
    t('agentContracts.topRate'),
    t('agentContracts.payer'),
    t('agentContracts.status'),
    t('agentContracts.actions'),
  ];
  return (
    <>
      <div className={styles.filters}>
        <Field label={t('agentContracts.kind')} htmlFor="contract-kind-filter">
          <select
            id="contract-kind-filter"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as ContractKind | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('agentContracts.all')}</option>
            {contractKinds.map((item) => (
              <option key={item} value={item}>
                {t(`agentContracts.kinds.${item}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('agentContracts.status')} htmlFor="contract-status-filter">
          <select
            id="contract-status-filter"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ContractStatus | '');
              setPageNo(1);
            }}
          >
            <option value="">{t('agentContracts.all')}</option>
            {contractStatuses.map((item) => (
              <option key={item} value={item}>
                {t(`agentContracts.statuses.${item}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('agentContracts.agentAccount')} htmlFor="contract-account-filter">
          <input
            id="contract-account-filter"
            type="search"
            value={account}
            maxLength={32}
            autoComplete="off"
            onChange={(event) => {
              setAccount(event.target.value);
              setPageNo(1);
            }}
          />
        </Field>
      </div>
      <PagedTable
        query={contracts}
        emptyMessage={t('agentContracts.empty')}
        testId="agent-contracts"
        columns={columns}
        pageNo={pageNo}
        onPageChange={setPageNo}
        renderRow={(contract) => (
          <tr key={contract.id} data-contract={contract.downlineAccount} data-contract-kind={contract.kind}>
            <td data-label={columns[0]}>{formatTime.format(Date.parse(contract.offeredAt))}</td>
            <td data-label={columns[1]}>{t(`agentContracts.kinds.${contract.kind}`)}</td>
            <td data-label={columns[2]}>{contract.uplineAccount ?? t('agentContracts.platform')}</td>
            <td data-label={columns[3]}>{contract.downlineAccount}</td>
            <td data-label={columns[4]}>{`${rateOfBasisPoints(topRateOf(contract.terms))} %`}</td>
            <td data-label={columns[5]}>{t(`agentContracts.payers.${contract.payer}`)}</td>
            <td data-label={columns[6]}>
              <Badge tone={contractStatusTone[contract.status]}>
                {t(`agentContracts.statuses.${contract.status}`)}
              </Badge>
            </td>
            <td data-label={columns[7]}>
              <Link className={styles.link} to={agentContractPath(code, contract.id)}>
                {t('agentContracts.open')}
              </Link>
            </td>
          </tr>
        )}
      />
    </>
  );
};
