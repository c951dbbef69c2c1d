import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import styles from './records.module.css';

/** An amount in the reader's language with its currency; a signed amount (win / loss) is coloured and marked +. */
export const MoneyCell = ({
  amount,
  currency,
  isSigned = false,
}: {
  amount: string;
  currency: string;
  isSigned?: boolean;
}) => {
  const formatMoney = useFormatMoney();
  const value = Number(amount);
  const tone = !isSigned || value === 0 ? '' : value > 0 ? styles.gain : styles.loss;
  return (
    <bdi className={`${styles.money} ${tone}`}>
      {isSigned && value > 0 ? '+' : ''}
      {currency ? formatMoney(amount, currency) : amount}
    </bdi>
  );
};
