import type { ContractTerms } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import styles from './agent-contracts.module.css';

/** A contract's terms as the downline reads them before deciding: its period and each tier's thresholds and rate. */
export const ContractTermsView = ({ terms }: { terms: ContractTerms }) => {
  const { t } = useTranslation('agent-contracts');
  if (terms.kind === 'realtime') {
    return (
      <DetailList
        items={[
          { name: 'winRate', label: t('contract_win_rate'), value: `${terms.winRate} %` },
          { name: 'lossRate', label: t('contract_loss_rate'), value: `${terms.lossRate} %` },
          { name: 'minBet', label: t('contract_min_bet'), value: terms.minBet },
        ]}
      />
    );
  }
  const headers =
    terms.kind === 'dividend'
      ? [t('contract_valid_bet'), t('contract_loss'), t('contract_active_members')]
      : terms.kind === 'daily'
        ? [t('contract_bet_amount'), t('contract_active_members')]
        : [t('contract_bet_amount')];
  return (
    <div className={styles.terms} data-terms={terms.kind}>
      {terms.kind === 'dividend' ? (
        <p className={styles.muted}>
          {t('contract_period')}: {t(`contract_period_${terms.period}`)}
        </p>
      ) : null}
      <table className={styles.tiers}>
        <thead>
          <tr>
            <th scope="col">{t('contract_tier')}</th>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
            <th scope="col">{t('contract_rate')}</th>
          </tr>
        </thead>
        <tbody>
          {terms.tiers.map((tier, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: tiers are ordered and have no id of their own
            <tr key={index} data-tier={index + 1}>
              <td>{index + 1}</td>
              {'validBet' in tier ? <td>{tier.validBet}</td> : null}
              {'loss' in tier ? <td>{tier.loss}</td> : null}
              {'betAmount' in tier ? <td>{tier.betAmount}</td> : null}
              {'activeMembers' in tier ? <td>{tier.activeMembers}</td> : null}
              <td>{tier.rate} %</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};
