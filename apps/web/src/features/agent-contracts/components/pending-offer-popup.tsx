import { type AgentContract, type ContractKind, contractKinds } from '@tessera/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { Button } from '../../../shared/ui/button/button';
import { DetailList } from '../../../shared/ui/detail-list/detail-list';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { useContractAction, useContracts } from '../api/agent-contracts-api';
import styles from './agent-contracts.module.css';
import { ContractTermsView } from './contract-terms';

/**
 * The contract popup (spec section 3, api-facts 10): while the consolidated data names a pending offer, the downline
 * reads its terms and accepts or rejects it. Accepting over the downline's own contracts that pay more answers
 * `contract_higher_rate`, and the popup asks before ending them. One offer at a time, in the order of the kinds;
 * mounted site-wide by PendingOfferGate, which owns the offers put off.
 */
export const PendingOfferPopup = ({
  pending,
  dismissed,
  onDismiss,
}: {
  pending: Record<ContractKind, string>;
  dismissed: ReadonlySet<string>;
  onDismiss: (contractId: string) => void;
}) => {
  const kind = contractKinds.find((candidate) => pending[candidate] !== '' && !dismissed.has(pending[candidate]));
  if (!kind) return null;
  const contractId = pending[kind];
  return <PendingOffer key={contractId} kind={kind} contractId={contractId} onLater={() => onDismiss(contractId)} />;
};

const PendingOffer = ({
  kind,
  contractId,
  onLater,
}: {
  kind: ContractKind;
  contractId: string;
  onLater: () => void;
}) => {
  const { t } = useTranslation('agent-contracts');
  const formatDateTime = useFormatDateTime();
  const contracts = useContracts(kind);
  const action = useContractAction(kind);
  const [error, setError] = useState<string | null>(null);
  const [higherRate, setHigherRate] = useState(false);
  const contract: AgentContract | undefined = contracts.data?.contracts.find((item) => item.id === contractId);
  // A list read before this offer was made (the records page's, within its fresh time) is read again, once.
  const isListStale = contracts.data !== undefined && contract === undefined;
  const hasRefetched = useRef(false);
  useEffect(() => {
    if (!isListStale || hasRefetched.current) return;
    hasRefetched.current = true;
    void contracts.refetch();
  }, [isListStale, contracts]);

  const decide = async (body: { action: 'accept'; confirmHigherRate: boolean } | { action: 'reject' }) => {
    setError(null);
    try {
      await action.mutateAsync({ ...body, contractId });
    } catch (caught) {
      if (isApiError(caught) && caught.code === 'contract_higher_rate' && body.action === 'accept') {
        setHigherRate(true);
        return;
      }
      setError(errorKeyOf(caught));
    }
  };

  // An offer decided meanwhile (here, or on another page or device) is put off: the next one, if any, shows.
  const isDecided = contract !== undefined && contract.status !== 'offered';
  useEffect(() => {
    if (isDecided) onLater();
  }, [isDecided, onLater]);
  // The dialog opens whole, with the offer in it: nothing inside it loads after it has opened.
  if ((!contract && !contracts.isError) || isDecided) return null;
  return (
    <>
      <Dialog
        name="contract-pending-offer"
        isOpen={!higherRate}
        onClose={onLater}
        title={t('contract_pending_title', { kind: t(`contract_kind_${kind}`) })}
        size="md"
      >
        {contracts.isError ? <FormError code={errorKeyOf(contracts.error)} /> : null}
        {contract ? (
          <div className={styles.page} data-pending-offer={contract.id}>
            <DetailList
              items={[
                {
                  name: 'from',
                  label: t('contract_from'),
                  value: <bdi dir="ltr">{contract.uplineAccount ?? t('contract_platform')}</bdi>,
                },
                { name: 'kind', label: t('contract_kind'), value: t(`contract_kind_${kind}`) },
                { name: 'offeredAt', label: t('contract_offered_at'), value: formatDateTime(contract.offeredAt) },
                {
                  name: 'payer',
                  label: t('contract_payer'),
                  value: t(`contract_payer_${contract.payer}`),
                },
              ]}
            />
            <ContractTermsView terms={contract.terms} />
            {error ? <FormError code={error} /> : null}
            <div className={styles.actions}>
              <Button variant="ghost" onClick={onLater}>
                {t('contract_later')}
              </Button>
              <Button
                variant="outline"
                disabled={action.isPending}
                onClick={() => void decide({ action: 'reject' })}
                data-contract-action="reject"
              >
                {t('contract_reject')}
              </Button>
              <Button
                disabled={action.isPending}
                onClick={() => void decide({ action: 'accept', confirmHigherRate: false })}
                data-contract-action="accept"
              >
                {t('contract_accept')}
              </Button>
            </div>
          </div>
        ) : null}
      </Dialog>
      <ConfirmDialog
        name="contract-higher-rate"
        isOpen={higherRate}
        title={t('contract_higher_rate_title')}
        confirmLabel={t('contract_higher_rate_confirm')}
        cancelLabel={t('contract_cancel')}
        isBusy={action.isPending}
        onCancel={() => setHigherRate(false)}
        onConfirm={() => {
          setHigherRate(false);
          void decide({ action: 'accept', confirmHigherRate: true });
        }}
      >
        <p>{t('contract_higher_rate_accept_text')}</p>
      </ConfirmDialog>
    </>
  );
};
