import type { AdminAgentNode } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCodeOf, isApiError } from '../../../shared/api/api-error';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { Field } from '../../../shared/ui/field';
import { useFreezeAgent } from '../api/agent-money-api';
import styles from './agents.module.css';

/**
 * Freezes an agent (no transfers, no new downlines) or unfreezes it; the reason is required and goes to the audit
 * log with the change.
 */
export const FreezeDialog = ({ code, node, onClose }: { code: string; node: AdminAgentNode; onClose: () => void }) => {
  const { t } = useTranslation();
  const freeze = useFreezeAgent(code);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const frozen = !node.frozen;
  const submit = async () => {
    setFailure(null);
    setReasonError(undefined);
    if (!reason.trim()) {
      setReasonError('not_empty');
      return;
    }
    try {
      await freeze.mutateAsync({ memberId: node.memberId, input: { frozen, reason } });
      onClose();
    } catch (error) {
      const onReason = isApiError(error) ? error.fieldErrors.find((field) => field.path === 'reason') : undefined;
      if (onReason) setReasonError(onReason.code);
      else setFailure(errorCodeOf(error));
    }
  };
  return (
    <Dialog
      isOpen
      title={t(frozen ? 'agents.freezeTitle' : 'agents.unfreezeTitle', { account: node.account })}
      onClose={onClose}
      footer={
        <Button
          variant={frozen ? 'danger' : 'primary'}
          onClick={() => void submit()}
          disabled={freeze.isPending}
          data-testid="freeze-submit"
        >
          {t(frozen ? 'agents.freeze' : 'agents.unfreeze')}
        </Button>
      }
    >
      <div className={styles.dialogBody}>
        <p className={styles.muted}>{t(frozen ? 'agents.freezeHint' : 'agents.unfreezeHint')}</p>
        {failure ? (
          <Alert tone="danger" title={t(`errors.${failure}`, { defaultValue: t('errors.unknown_error') })} />
        ) : null}
        <Field
          label={t('agents.freezeReason')}
          htmlFor="agent-freeze-reason"
          isRequired
          error={reasonError ? { message: reasonError } : undefined}
        >
          <textarea
            id="agent-freeze-reason"
            value={reason}
            maxLength={300}
            rows={3}
            aria-invalid={reasonError ? true : undefined}
            aria-describedby={reasonError ? 'agent-freeze-reason-error' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </Field>
      </div>
    </Dialog>
  );
};
