import type { GameCategory, RebateOverview } from '@tessera/contracts';
import { useTranslation } from 'react-i18next';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { Card } from '../../../shared/ui/card/card';
import tableStyles from '../../../shared/ui/data-table/data-table.module.css';
import { useFormatRate } from '../use-format-rate';
import styles from './rebate.module.css';

export interface RebateCategoriesProps {
  overview: RebateOverview;
  categoryLabelKey: (category: GameCategory) => string;
}

/** Per rebated game category: the valid bet not yet rebated, the rate and the rebate; then the total. */
export const RebateCategories = ({ overview, categoryLabelKey }: RebateCategoriesProps) => {
  const { t } = useTranslation('rebate');
  const formatMoney = useFormatMoney();
  const formatRate = useFormatRate();
  const money = (amount: string) => formatMoney(amount, overview.currency);
  const columns = {
    category: t('rebate_category'),
    validBet: t('rebate_valid_bet'),
    rate: t('rebate_rate'),
    rebate: t('rebate_amount'),
  };
  return (
    <Card title={t('rebate_by_category')} name="rebate-categories" isPadded={false}>
      <div className={tableStyles.tableWrap}>
        <table className={`${tableStyles.table} ${styles.categories}`}>
          <thead>
            <tr>
              <th scope="col">{columns.category}</th>
              <th scope="col" className={tableStyles.numeric}>
                {columns.validBet}
              </th>
              <th scope="col" className={tableStyles.numeric}>
                {columns.rate}
              </th>
              <th scope="col" className={tableStyles.numeric}>
                {columns.rebate}
              </th>
            </tr>
          </thead>
          <tbody>
            {overview.categories.map((row) => (
              <tr key={row.productType} data-rebate-category={row.productType}>
                <th scope="row" data-label={columns.category}>
                  {t(categoryLabelKey(row.productType), { ns: 'common' })}
                </th>
                <td data-label={columns.validBet} className={tableStyles.numeric} data-cell="valid-bet">
                  {money(row.validBet)}
                </td>
                <td data-label={columns.rate} className={tableStyles.numeric} data-cell="rate">
                  {formatRate(row.rate)}
                </td>
                <td data-label={columns.rebate} className={tableStyles.numeric} data-cell="rebate">
                  {money(row.rebate)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-rebate-total="">
              <th scope="row" data-label={columns.category}>
                {t('rebate_total')}
              </th>
              <td data-label={columns.validBet} className={tableStyles.numeric} data-cell="valid-bet">
                {money(overview.validBet)}
              </td>
              <td aria-hidden="true" className={styles.emptyCell} data-cell="rate" />
              <td data-label={columns.rebate} className={tableStyles.numeric} data-cell="rebate">
                {money(overview.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  );
};
