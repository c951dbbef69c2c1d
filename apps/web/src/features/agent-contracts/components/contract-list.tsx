import { type AgentContract, type ContractKind, contractKinds } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { type BadgeTone, StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { useContractAction, useContracts } from '../api/agent-contracts-api';
import styles from './agent-contracts.module.css';
import { ContractTermsView } from './contract-terms';

type Side = 'upline' | 'downline';
type EndAction = 'withdraw' | 'terminate';

/** A contract still in force or waiting: an offer, a running one, or one terminated whose last period is not over. */
export const isLive = (contract: AgentContract, now = Date.now()): boolean =>
  contract.status === 'offered' ||
  contract.status === 'active' ||
  (contract.status === 'terminated' && contract.endsAt !== null && Date.parse(contract.endsAt) > now);

/** What the member may do to a contract from its side: the upline withdraws an offer; either side terminates. */
export const endActionOf = (contract: AgentContract, side: Side): EndAction | null => {
  if (contract.status === 'offered') return side === 'upline' ? 'withdraw' : null;
  return contract.status === 'active' ? 'terminate' : null;
};

const stateOf = (contract: AgentContract): { key: string; tone: BadgeTone } =>
  contract.status === 'offered'
    ? { key: 'contract_state_offered', tone: 'info' }
    : contract.status === 'active'
      ? { key: 'contract_state_active', tone: 'success' }
      : { key: 'contract_state_ending', tone: 'warning' };

/**
 * The member's live contracts of one kind (optionally only those with one downline), each with its counterpart, its
 * state and, where the member may, its withdraw or terminate button behind a confirmation. Termination takes the
 * merchant's notice: the contract runs to the end of the period in which the notice runs out, and that period is
 * still settled, which the confirmation says.
 */
const KindContracts = ({ kind, downlineId }: { kind: ContractKind; downlineId?: string }) => {
  const { t } = useTranslation('agent-contracts');
  const formatDateTime = useFormatDateTime();
  const contracts = useContracts(kind);
  const action = useContractAction(kind);
  const [asking, setAsking] = useState<{ contract: AgentContract; action: EndAction } | null>(null);
  const [terms, setTerms] = useState<AgentContract | null>(null);
  const [error, setError] = useState<{ id: string; code: string } | null>(null);
  const data = contracts.data;
  if (contracts.isError) return <FormError code={errorKeyOf(contracts.error)} />;
  if (!data) return null;
  const rows = data.contracts.filter(
    (contract) => isLive(contract) && (downlineId === undefined || contract.downlineId === downlineId),
  );
  const sideOf = (contract: AgentContract): Side => (contract.uplineId === data.memberId ? 'upline' : 'downline');

  const end = async () => {
    if (!asking) return;
    const { contract, action: which } = asking;
    setAsking(null);
    setError(null);
    try {
      await action.mutateAsync({ action: which, contractId: contract.id });
    } catch (caught) {
      setError({ id: contract.id, code: errorKeyOf(caught) });
    }
  };

  return (
    <>
      {rows.length > 0 ? (
        <ul className={styles.contractList} data-contract-list={kind}>
          {rows.map((contract) => {
            const side = sideOf(contract);
            const state = stateOf(contract);
            const endAction = endActionOf(contract, side);
            return (
              <li
                key={contract.id}
                className={styles.contractRow}
                data-contract={contract.id}
                data-contract-kind={kind}
              >
                <div className={styles.contractMain}>
                  <span className={styles.contractKind}>{t(`contract_kind_${kind}`)}</span>
                  <StatusBadge tone={state.tone} name={contract.status}>
                    {t(state.key)}
                  </StatusBadge>
                  <span className={styles.muted}>
                    {side === 'upline' ? t('contract_to') : t('contract_from')}{' '}
                    <bdi dir="ltr">
                      {side === 'upline'
                        ? contract.downlineAccount
                        : (contract.uplineAccount ?? t('contract_platform'))}
                    </bdi>
                  </span>
                  {contract.endsAt ? (
                    <span className={styles.muted} data-contract-ends={contract.endsAt}>
                      {t('contract_ends_at', { at: formatDateTime(contract.endsAt) })}
                    </span>
                  ) : null}
                </div>
                <div className={styles.actions}>
                  <Button variant="ghost" size="sm" onClick={() => setTerms(contract)}>
                    {t('contract_terms')}
                  </Button>
                  {endAction ? (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={action.isPending}
                      onClick={() => setAsking({ contract, action: endAction })}
                      data-contract-action={endAction}
                    >
                      {t(`contract_${endAction}`)}
                    </Button>
                  ) : null}
                </div>
                {error?.id === contract.id ? <FormError code={error.code} /> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <ConfirmDialog
        name={`contract-${asking?.action ?? 'end'}`}
        isOpen={asking !== null}
        title={asking ? t(`contract_${asking.action}_title`) : ''}
        confirmLabel={asking ? t(`contract_${asking.action}`) : ''}
        cancelLabel={t('contract_cancel')}
        isBusy={action.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => void end()}
      >
        {asking?.action === 'terminate' ? (
          <p>
            {data.noticeDays > 0
              ? t('contract_terminate_notice_text', { days: data.noticeDays })
              : t('contract_terminate_text')}
          </p>
        ) : (
          <p>{t('contract_withdraw_text', { account: asking?.contract.downlineAccount ?? '' })}</p>
        )}
      </ConfirmDialog>
      {terms ? (
        <Dialog name="contract-terms" isOpen onClose={() => setTerms(null)} title={t('contract_terms')} size="md">
          <ContractTermsView terms={terms.terms} />
        </Dialog>
      ) : null}
    </>
  );
};

/** The live contracts of the given kinds, on either side, in one card (none: a line saying so). */
export const ContractList = ({ kinds, downlineId }: { kinds: readonly ContractKind[]; downlineId?: string }) => {
  const { t } = useTranslation('agent-contracts');
  return (
    <Card title={t('contract_list_title')} name="contract-list">
      <div className={styles.contractLists}>
        {kinds.map((kind) => (
          <KindContracts key={kind} kind={kind} downlineId={downlineId} />
        ))}
        <p className={styles.contractEmpty}>{t('contract_list_empty')}</p>
      </div>
    </Card>
  );
};

/**
 * The upline's contracts with one direct downline, all kinds (from the downline list): withdraw an offer, terminate
 * a running contract, or make a new offer.
 */
export const DownlineContractsDialog = ({
  downlineId,
  downlineAccount,
  onOffer,
  onClose,
}: {
  downlineId: string;
  downlineAccount: string;
  onOffer: () => void;
  onClose: () => void;
}) => {
  const { t } = useTranslation('agent-contracts');
  return (
    <Dialog
      name="downline-contracts"
      isOpen
      onClose={onClose}
      title={t('contract_with_title', { account: downlineAccount })}
      size="lg"
    >
      <div className={styles.page}>
        <ContractList kinds={contractKinds} downlineId={downlineId} />
        <div className={styles.actions}>
          <Button variant="ghost" onClick={onClose}>
            {t('contract_close')}
          </Button>
          <Button onClick={onOffer}>{t('contract_offer')}</Button>
        </div>
      </div>
    </Dialog>
  );
};

/** The downline list's contract column for a direct downline: a new offer, and the contracts with it. */
export const DownlineContractButtons = ({
  account,
  onOffer,
  onContracts,
}: {
  account: string;
  onOffer: () => void;
  onContracts: () => void;
}) => {
  const { t } = useTranslation('agent-contracts');
  return (
    <span className={styles.rowButtons}>
      <Button size="sm" variant="outline" onClick={onOffer} data-offer-to={account}>
        {t('contract_offer')}
      </Button>
      <Button size="sm" variant="ghost" onClick={onContracts} data-contracts-with={account}>
        {t('contract_list_title')}
      </Button>
    </span>
  );
};
