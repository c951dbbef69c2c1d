import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatMoney } from '../../../shared/i18n/format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { EyeIcon, EyeOffIcon, RefreshIcon } from '../../../shared/ui/icons/icons';
import { useBalance } from '../api/get-balance';
import { useBalanceVisibility } from '../balance-visibility';
import { useLiveBalance } from '../use-live-balance';
import styles from './header-balance.module.css';

/** Where the header's deposit button leads: the personal centre's deposit page. */
export const DEPOSIT_PATH = '/member?page=depositv2';

/**
 * The logged-in header's balance (spec section 2 "Header and footer"): the sum the member can use, masked on
 * request (remembered), refreshed on request, and updated live by realtime pushes; plus the deposit button.
 */
export const HeaderBalance = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = usePublicStore((state) => state.language);
  const isTrial = usePublicStore((state) => state.isTrial);
  const balance = useBalance();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const toggle = useBalanceVisibility((state) => state.toggle);
  useLiveBalance();

  const amount = balance.data
    ? formatMoney(balance.data.sumBalance, balance.data.currency, language, { narrow: true })
    : null;
  const shown = isHidden ? '••••••' : (amount ?? '—');
  const isRefreshing = balance.isFetching;

  return (
    <div className={styles.root} data-header-balance="">
      <div className={styles.pill}>
        <span className={styles.label}>{t('header_balance')}</span>
        <output
          className={styles.amount}
          aria-live="polite"
          aria-busy={isRefreshing}
          data-balance={isHidden ? 'hidden' : (balance.data?.sumBalance ?? '')}
        >
          {balance.isError && !balance.data ? t('balance_unavailable') : shown}
        </output>
        <button
          type="button"
          className={styles.iconButton}
          aria-pressed={isHidden}
          aria-label={isHidden ? t('balance_show') : t('balance_hide')}
          title={isHidden ? t('balance_show') : t('balance_hide')}
          onClick={toggle}
        >
          {isHidden ? <EyeOffIcon /> : <EyeIcon />}
        </button>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.refresh} ${isRefreshing ? styles.spinning : ''}`}
          aria-label={t('balance_refresh')}
          title={t('balance_refresh')}
          disabled={isRefreshing}
          onClick={() => balance.refetch()}
        >
          <RefreshIcon />
        </button>
      </div>
      {isTrial ? null : (
        <button type="button" className={styles.deposit} onClick={() => navigate(DEPOSIT_PATH)}>
          {t('in_increase_deposit')}
        </button>
      )}
    </div>
  );
};
