import { useQueryClient } from '@tanstack/react-query';
import type { PayoutMethod, PayoutMethodKind } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { ConfirmDialog } from '../../../shared/ui/dialog/confirm-dialog';
import { FormError } from '../../../shared/ui/form/form-error';
import { PlusIcon, TrashIcon } from '../../../shared/ui/icons/icons';
import { payoutMethodsQueryKey } from '../api/get-payout-methods';
import { removePayoutMethod } from '../api/withdraw-mutations';
import { payoutKindKeys } from '../withdraw-labels';
import styles from './cashier.module.css';
import { PayoutMethodForm } from './payout-method-form';

export interface PayoutMethodsProps {
  methods: readonly PayoutMethod[];
  kinds: readonly PayoutMethodKind[];
  canAdd: boolean;
}

/** The member's saved payout methods: add one (per-method fields), or remove one after confirming. */
export const PayoutMethods = ({ methods, kinds, canAdd }: PayoutMethodsProps) => {
  const { t } = useTranslation('money');
  const queryClient = useQueryClient();
  const [isAdding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PayoutMethod | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleRemove = async () => {
    if (!removing) return;
    setBusy(true);
    setError(null);
    try {
      await removePayoutMethod(removing.id);
      await queryClient.invalidateQueries({ queryKey: payoutMethodsQueryKey });
      setRemoving(null);
    } catch (caught) {
      setError(errorKeyOf(caught));
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={t('payout_methods')}
      name="payout-methods"
      actions={
        canAdd && !isAdding ? (
          <Button size="sm" variant="secondary" icon={<PlusIcon />} onClick={() => setAdding(true)}>
            {t('payout_add')}
          </Button>
        ) : null
      }
    >
      <div className={styles.stack}>
        {methods.length === 0 && !isAdding ? <p className={styles.muted}>{t('payout_none')}</p> : null}
        {methods.length > 0 ? (
          <ul className={styles.methods}>
            {methods.map((method) => (
              <li key={method.id} className={styles.method} data-method={method.kind}>
                <span className={styles.methodText}>
                  <span className={styles.methodKind}>{t(payoutKindKeys[method.kind])}</span>
                  <bdi className={styles.methodDisplay}>{method.display}</bdi>
                  {method.holderName ? <span className={styles.channelMeta}>{method.holderName}</span> : null}
                </span>
                <button
                  type="button"
                  className={styles.iconAction}
                  aria-label={t('payout_remove', { method: method.display })}
                  title={t('payout_remove', { method: method.display })}
                  onClick={() => setRemoving(method)}
                >
                  <TrashIcon />
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <FormError code={error} />
        {isAdding ? (
          <PayoutMethodForm kinds={kinds} onDone={() => setAdding(false)} onCancel={() => setAdding(false)} />
        ) : null}
      </div>
      <ConfirmDialog
        name="remove-payout-method"
        isOpen={removing !== null}
        title={t('payout_remove_title')}
        confirmLabel={t('payout_remove_confirm')}
        cancelLabel={t('cancel')}
        isBusy={isBusy}
        onConfirm={handleRemove}
        onCancel={() => setRemoving(null)}
      >
        {removing ? t('payout_remove_text', { method: removing.display }) : null}
      </ConfirmDialog>
    </Card>
  );
};
