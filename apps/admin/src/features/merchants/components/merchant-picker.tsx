import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListStates } from '../../../shared/ui/page-state';
import { useMerchants } from '../api/list-merchants';
import styles from './merchant-picker.module.css';

export interface MerchantPickerProps {
  /** Where a merchant's card leads (its page of the section being opened). */
  pathOf: (code: string) => string;
}

/** For a platform operator: the merchants as cards, each opening the chosen section of that merchant. */
export const MerchantPicker = ({ pathOf }: MerchantPickerProps) => {
  const { t } = useTranslation();
  const merchants = useMerchants();
  if (!merchants.data?.length) return <ListStates query={merchants} emptyMessage={t('merchants.empty')} />;
  return (
    <ul className={styles.merchants}>
      {merchants.data.map((merchant) => (
        <li key={merchant.code}>
          <Link className={styles.merchant} to={pathOf(merchant.code)} data-pick-merchant={merchant.code}>
            <span className={styles.merchantName}>{merchant.name}</span>
            <span className={styles.merchantCode}>{merchant.code}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
};
