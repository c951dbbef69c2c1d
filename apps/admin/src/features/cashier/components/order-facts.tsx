import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../shared/ui/badge';
import { statusTone } from '../lib/cashier-labels';

export interface OrderFactsProps {
  code: string;
  /** `data-testid` of the status value, which also carries `data-status`. */
  statusTestId: string;
  status: string;
  statusLabel: string;
  memberId: string;
  account: string | null;
  amount: string;
  currency: string;
}

/** The first lines of an order under review (inside a `<dl>`): its state, the member (to its wallet), the amount. */
export const OrderFacts = ({
  code,
  statusTestId,
  status,
  statusLabel,
  memberId,
  account,
  amount,
  currency,
}: OrderFactsProps) => {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('cashier.status')}</dt>
      <dd data-testid={statusTestId} data-status={status}>
        <Badge tone={statusTone(status)}>{statusLabel}</Badge>
      </dd>
      <dt>{t('cashier.member')}</dt>
      <dd>
        <Link to={`/cashier/wallet/${code}/${memberId}`}>{account}</Link>
      </dd>
      <dt>{t('cashier.amount')}</dt>
      <dd>
        {amount} {currency}
      </dd>
    </>
  );
};
