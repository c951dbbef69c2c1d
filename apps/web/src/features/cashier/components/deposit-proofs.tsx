import { useQueryClient } from '@tanstack/react-query';
import { cashierEndpoints, type DepositOrder, PROOF_UPLOAD } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf, isApiError } from '../../../shared/api/api-error';
import { queryKeyOf } from '../../../shared/api/query-key';
import { Button } from '../../../shared/ui/button/button';
import { ProofPicker } from '../../../shared/ui/proof-picker/proof-picker';
import pickerStyles from '../../../shared/ui/proof-picker/proof-picker.module.css';
import { addDepositProofs } from '../api/add-deposit-proofs';
import { useDepositProof } from '../api/get-deposit-proof';
import styles from './cashier.module.css';

const StoredProof = ({ orderId, proofId, number }: { orderId: string; proofId: string; number: number }) => {
  const { t } = useTranslation('money');
  const proof = useDepositProof(orderId, proofId);
  return (
    <li className={pickerStyles.proof} data-proof={proofId}>
      {proof.data ? (
        <img
          src={`data:${proof.data.contentType};base64,${proof.data.data}`}
          alt={t('deposit_proof_alt', { number })}
        />
      ) : null}
    </li>
  );
};

/**
 * A bank transfer's proof of payment: the images attached so far and, while the order awaits review, a picker for
 * more (3 in all). The desk sees them beside the order when it approves or rejects it.
 */
export const DepositProofs = ({ order }: { order: DepositOrder }) => {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const room = PROOF_UPLOAD.maxFiles - order.proofIds.length;
  const canAttach = order.status === 'awaiting_review' && room > 0;
  if (order.proofIds.length === 0 && !canAttach) return null;

  const handleSend = async () => {
    setError(null);
    if (files.length === 0) {
      setError('proof_required');
      return;
    }
    setSending(true);
    try {
      const updated = await addDepositProofs(order.id, files);
      queryClient.setQueryData(queryKeyOf(cashierEndpoints.getDeposit, { id: order.id }), updated);
      await queryClient.invalidateQueries({ queryKey: queryKeyOf(cashierEndpoints.listDeposits) });
      setFiles([]);
    } catch (failure) {
      const field = isApiError(failure) ? failure.fieldErrors.find((f) => f.path === 'proofs') : undefined;
      setError(field?.code ?? errorKeyOf(failure));
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={styles.stack} data-deposit-proofs={order.proofIds.length}>
      <h3 className={styles.legend}>{t('deposit_proofs_title')}</h3>
      {order.proofIds.length > 0 ? (
        <ul className={pickerStyles.proofs} aria-label={t('deposit_proofs_attached')}>
          {order.proofIds.map((proofId, index) => (
            <StoredProof key={proofId} orderId={order.id} proofId={proofId} number={index + 1} />
          ))}
        </ul>
      ) : null}
      {canAttach ? (
        <>
          <p className={styles.muted}>{t('deposit_proofs_hint')}</p>
          <ProofPicker
            id={`deposit-proofs-${order.id}`}
            files={files}
            onChange={(picked) => {
              setFiles(picked);
              setError(null);
            }}
            error={error}
            maxFiles={room}
          />
          <div>
            <Button variant="secondary" disabled={isSending} onClick={() => void handleSend()}>
              {t('deposit_proofs_send')}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
};
