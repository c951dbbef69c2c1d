import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import styles from './cashier.module.css';

/** The decisions on an order that move money, each asked once more before it is sent. */
export type MoneyDecision = 'approveWithdrawal' | 'disburseWithdrawal' | 'approveDeposit';

const labelKeys: Record<MoneyDecision, { title: string; text: string; confirm: string }> = {
  approveWithdrawal: {
    title: 'cashier.confirmApproveWithdrawalTitle',
    text: 'cashier.confirmApproveWithdrawalText',
    confirm: 'cashier.approve',
  },
  disburseWithdrawal: {
    title: 'cashier.confirmDisburseTitle',
    text: 'cashier.confirmDisburseText',
    confirm: 'cashier.disburse',
  },
  approveDeposit: {
    title: 'cashier.confirmApproveDepositTitle',
    text: 'cashier.confirmApproveDepositText',
    confirm: 'cashier.approve',
  },
};

/**
 * Asks before a decision that moves money (approving or paying out a withdrawal, approving a deposit), naming the
 * amount and the member, so one stray click never moves money.
 */
export const MoneyDecisionConfirm = ({
  decision,
  order,
  isBusy,
  onConfirm,
  onCancel,
}: {
  decision: MoneyDecision | null;
  order: { amount: string; currency: string; account: string | null; memberId: string; reference: string };
  isBusy: boolean;
  onConfirm: (decision: MoneyDecision) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const keys = labelKeys[decision ?? 'approveWithdrawal'];
  return (
    <ConfirmDialog
      isOpen={decision !== null}
      title={t(keys.title)}
      confirmLabel={t(keys.confirm)}
      isBusy={isBusy}
      onConfirm={() => {
        if (decision) onConfirm(decision);
      }}
      onCancel={onCancel}
    >
      <p className={styles.confirmText} data-testid="money-decision-text">
        {t(keys.text, {
          amount: `${order.amount} ${order.currency}`,
          member: order.account ?? order.memberId,
          reference: order.reference,
        })}
      </p>
    </ConfirmDialog>
  );
};
