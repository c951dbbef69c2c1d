import type { ContractTerms } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../shared/ui/data-table';
import styles from './agent-contracts.module.css';

/** A contract's terms: the dividend's period, and each tier's thresholds and rate (or the real-time rates). */
export const ContractTermsTable = ({ terms }: { terms: ContractTerms }) => {
  const { t } = useTranslation();
  if (terms.kind === 'realtime') {
    return (
      <dl className={[styles.facts, styles.terms].join(' ')} data-terms="realtime">
        <div>
          <dt>{t('agentContracts.winRate')}</dt>
          <dd>{terms.winRate} %</dd>
        </div>
        <div>
          <dt>{t('agentContracts.lossRate')}</dt>
          <dd>{terms.lossRate} %</dd>
        </div>
        <div>
          <dt>{t('agentContracts.minBet')}</dt>
          <dd>{terms.minBet}</dd>
        </div>
      </dl>
    );
  }
  const columns = [
    t('agentContracts.tier'),
    ...(terms.kind === 'dividend' ? [t('agentContracts.inputs.validBet'), t('agentContracts.inputs.loss')] : []),
    ...(terms.kind !== 'dividend' ? [t('agentContracts.betAmount')] : []),
    ...(terms.kind !== 'hourly' ? [t('agentContracts.inputs.activeMembers')] : []),
    t('agentContracts.rate'),
  ];
  return (
    <div className={styles.terms} data-terms={terms.kind}>
      {terms.kind === 'dividend' ? (
        <p className={styles.muted}>
          {t('agentContracts.period')}: {t(`agentContracts.periods.${terms.period}`)}
        </p>
      ) : null}
      <DataTable columns={columns} testId="agent-contract-tiers">
        {terms.tiers.map((tier, index) => {
          const cells = [
            String(index + 1),
            ...('validBet' in tier ? [tier.validBet, tier.loss] : []),
            ...('betAmount' in tier ? [tier.betAmount] : []),
            ...('activeMembers' in tier ? [String(tier.activeMembers)] : []),
            `${tier.rate} %`,
          ];
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiers are ordered and have no id of their own
            <tr key={index} data-tier={index + 1}>
              {cells.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a tier's cells are in the columns' order
                <td key={column} data-label={columns[column]}>
                  {cell}
                </td>
              ))}
            </tr>
          );
        })}
      </DataTable>
    </div>
  );
};
