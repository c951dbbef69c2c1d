import type { RebateOverview } from '@tessera/contracts';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { CoinsIcon } from '../../../shared/ui/icons/icons';
import styles from './rebate.module.css';

export interface RebateSummaryProps {
  overview: RebateOverview;
  isCollecting: boolean;
  onCollect: () => void;
  /** What the last collection said (paid, or refused). */
  children?: ReactNode;
}

/** What collecting now pays, the turnover it comes from, the minimum and maximum, and the collect button. */
export const RebateSummary = ({ overview, isCollecting, onCollect, children }: RebateSummaryProps) => {
  const { t } = useTranslation('rebate');
  const formatMoney = useFormatMoney();
  const reasonId = useId();
  const money = (amount: string) => formatMoney(amount, overview.currency);
  const reason =
    overview.blockedBy === 'rebate_below_minimum'
      ? t('rebate_below_minimum_hint', { minimum: money(overview.minimum), amount: money(overview.payable) })
      : overview.isCapped && overview.maximum !== null
        ? t('rebate_capped_hint', { total: money(overview.total), maximum: money(overview.maximum) })
        : null;

  return (
    <Card title={t('rebate_title')} name="rebate-summary">
      <div className={styles.summary}>
        <div className={styles.figures}>
          <p className={styles.payableLabel}>{t('rebate_payable')}</p>
          <p className={styles.payable} data-rebate-payable={overview.payable}>
            {money(overview.payable)}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>{t('rebate_valid_bet_total')}</dt>
              <dd data-rebate-valid-bet={overview.validBet}>{money(overview.validBet)}</dd>
            </div>
            <div>
              <dt>{t('rebate_minimum')}</dt>
              <dd>{money(overview.minimum)}</dd>
            </div>
            <div>
              <dt>{t('rebate_maximum')}</dt>
              <dd>{overview.maximum === null ? t('rebate_no_maximum') : money(overview.maximum)}</dd>
            </div>
          </dl>
        </div>
        <div className={styles.action}>
          <Button
            size="lg"
            isBlock
            icon={<CoinsIcon />}
            disabled={!overview.canCollect || isCollecting}
            aria-busy={isCollecting || undefined}
            aria-describedby={reason ? reasonId : undefined}
            onClick={onCollect}
            data-rebate-collect=""
          >
            {t('rebate_collect')}
          </Button>
          {reason ? (
            <p id={reasonId} className={styles.reason} data-rebate-reason={overview.blockedBy ?? 'capped'}>
              {reason}
            </p>
          ) : null}
        </div>
      </div>
      {children ? <div className={styles.outcome}>{children}</div> : null}
    </Card>
  );
};
