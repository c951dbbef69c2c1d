import type { PointEntry, PointItem, PointRedemption } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatDateTime } from '../../../shared/i18n/use-format-date-time';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Button } from '../../../shared/ui/button/button';
import { Card } from '../../../shared/ui/card/card';
import { PagedRecords, type RecordColumn } from '../../../shared/ui/data-table/paged-records';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { CoinsIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { StatusBadge } from '../../../shared/ui/status-badge/status-badge';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { usePointBalance, usePointConfig, usePointDetails, usePointItems, useRedeemHistory } from '../api/points-api';
import { PointsCashDialog, RedeemDialog } from '../components/point-forms';
import { itemKindKeys, pointTypeKeys, redeemStatusKeys, redeemStatusTones } from '../point-labels';
import styles from './point-mall-page.module.css';

type TabId = 'mall' | 'history' | 'details' | 'rules';

/**
 * /pointMall (PTSYS3, spec section 2): the member's current points with the way to convert them, the goods on offer
 * (visitors browse; redeeming asks them to log in), the redeem history, the points details and the rules. Without
 * PTSYS3 the address leads home.
 */
export const PointMallPage = () => {
  const { t } = useTranslation(['points', 'common']);
  const formatMoney = useFormatMoney();
  const formatDateTime = useFormatDateTime();
  const isOn = usePublicStore((state) => state.whitelabel.PTSYS3 === true);
  const isLogin = usePublicStore((state) => state.isLogin);
  const isTrial = usePublicStore((state) => state.isTrial);
  const openDialog = useShellStore((state) => state.openDialog);
  const [tab, setTab] = useState<TabId>('mall');
  const [historyPage, setHistoryPage] = useState(1);
  const [detailsPage, setDetailsPage] = useState(1);
  const [redeeming, setRedeeming] = useState<PointItem | null>(null);
  const [cashMode, setCashMode] = useState<'convert' | 'buy' | null>(null);
  const isMember = isLogin && !isTrial;
  const config = usePointConfig();
  const balance = usePointBalance(isOn && isLogin);
  const items = usePointItems();
  const history = useRedeemHistory(historyPage, isOn && isLogin && tab === 'history');
  const details = usePointDetails(detailsPage, isOn && isLogin && tab === 'details');
  if (!isOn) return <Navigate to="/" replace />;
  const currency = items.data?.currency ?? config.data?.currency ?? '';
  const canConvert = isMember && Number(config.data?.convertRatio ?? '0') > 0;
  const canBuy = isMember && Number(config.data?.buyRatio ?? '0') > 0;

  const onRedeem = (item: PointItem) => {
    if (!isLogin) openDialog('login');
    else if (isTrial) openDialog('realAccount');
    else setRedeeming(item);
  };

  const historyColumns: RecordColumn<PointRedemption>[] = [
    { label: t('reference'), isMono: true, render: (row) => row.reference },
    { label: t('apply_time'), render: (row) => formatDateTime(row.applyTime) },
    { label: t('type'), render: (row) => t(itemKindKeys[row.type]) },
    { label: t('goods_name'), render: (row) => <bdi>{row.itemName}</bdi> },
    { label: t('quantity'), isNumeric: true, render: (row) => row.quantity },
    { label: t('points_label'), isNumeric: true, render: (row) => row.points },
    {
      label: t('status'),
      render: (row) => (
        <StatusBadge tone={redeemStatusTones[row.status]} name={`redeem-${row.status}`}>
          {t(redeemStatusKeys[row.status])}
        </StatusBadge>
      ),
    },
    { label: t('remark'), render: (row) => (row.remark ? <bdi>{row.remark}</bdi> : '—') },
  ];
  const detailColumns: RecordColumn<PointEntry>[] = [
    { label: t('time'), render: (row) => formatDateTime(row.time) },
    { label: t('type'), render: (row) => t(pointTypeKeys[row.type]) },
    {
      label: t('changed_points'),
      isNumeric: true,
      cellClassName: (row) => (row.changedPoints.startsWith('-') ? styles.debit : styles.credit),
      render: (row) => (row.changedPoints.startsWith('-') ? row.changedPoints : `+${row.changedPoints}`),
    },
    { label: t('points_balance'), isNumeric: true, render: (row) => row.pointsBalance },
    { label: t('remark'), render: (row) => (row.remark ? <bdi>{row.remark}</bdi> : '—') },
  ];

  const tabs = [
    { id: 'mall' as const, label: t('tab_mall') },
    ...(isLogin
      ? [
          { id: 'history' as const, label: t('tab_history') },
          { id: 'details' as const, label: t('tab_details') },
        ]
      : []),
    { id: 'rules' as const, label: t('tab_rules') },
  ];

  return (
    <PageFrame title={t('title')} icon={<CoinsIcon />}>
      <div className={styles.page} data-page="point-mall">
        <Card name="points-summary">
          <div className={styles.summary}>
            {isLogin ? (
              <div className={styles.current}>
                <span className={styles.currentLabel}>{t('current_points')}</span>
                <strong className={styles.currentValue} data-points-balance={balance.data?.points ?? ''}>
                  {balance.data ? balance.data.points : '…'}
                </strong>
                {balance.isError ? <FormError code={errorKeyOf(balance.error)} /> : null}
              </div>
            ) : (
              <p className={styles.loginText}>{t('login_prompt')}</p>
            )}
            <div className={styles.actions}>
              {isLogin ? null : (
                <Button size="sm" onClick={() => openDialog('login')}>
                  {t('hd_login_button', { ns: 'common' })}
                </Button>
              )}
              {canBuy ? (
                <Button size="sm" variant="secondary" onClick={() => setCashMode('buy')} data-action="points-buy">
                  {t('buy_button')}
                </Button>
              ) : null}
              {canConvert ? (
                <Button size="sm" onClick={() => setCashMode('convert')} data-action="points-convert">
                  {t('convert_button')}
                </Button>
              ) : null}
            </div>
          </div>
          {config.data && Number(config.data.convertRatio) > 0 ? (
            <p className={styles.ratio}>{t('convert_ratio_line', { ratio: config.data.convertRatio })}</p>
          ) : null}
          {config.data && Number(config.data.buyRatio) > 0 ? (
            <p className={styles.ratio}>{t('buy_ratio_line', { ratio: config.data.buyRatio })}</p>
          ) : null}
        </Card>
        <Tabs idPrefix="points" label={t('title')} items={tabs} activeId={tab} onSelect={setTab} />
        <div id="points-panel" role="tabpanel" aria-labelledby={`points-tab-${tab}`}>
          {tab === 'mall' ? (
            <section aria-label={t('tab_mall')}>
              {items.isPending ? <InlineLoader /> : null}
              {items.isError ? <FormError code={errorKeyOf(items.error)} /> : null}
              {items.data && items.data.list.length === 0 ? <EmptyState message={t('no_goods')} /> : null}
              <ul className={styles.goods}>
                {items.data?.list.map((item) => (
                  <li key={item.id} className={styles.good} data-point-item={item.id}>
                    <div className={styles.picture} aria-hidden="true">
                      {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" /> : <CoinsIcon />}
                    </div>
                    <h3 className={styles.goodName}>
                      <bdi>{item.name}</bdi>
                    </h3>
                    <StatusBadge tone="info">{t(itemKindKeys[item.kind])}</StatusBadge>
                    <dl className={styles.facts}>
                      <div>
                        <dt>{t('points_requirement')}</dt>
                        <dd className={styles.pointsValue}>{item.pointsRequired}</dd>
                      </div>
                      {item.kind === 'cash' ? (
                        <div>
                          <dt>{t('cash_value')}</dt>
                          <dd>{formatMoney(item.cashValue, currency)}</dd>
                        </div>
                      ) : null}
                      {Number(item.amountRequired) > 0 ? (
                        <div>
                          <dt>{t('amount_requirement')}</dt>
                          <dd>{formatMoney(item.amountRequired, currency)}</dd>
                        </div>
                      ) : null}
                      <div>
                        <dt>{t('available_quantity')}</dt>
                        <dd>
                          {item.availableQuantity} / {item.quantity}
                        </dd>
                      </div>
                    </dl>
                    <Button
                      size="sm"
                      isBlock
                      disabled={item.availableQuantity === 0}
                      onClick={() => onRedeem(item)}
                      data-action="points-redeem"
                    >
                      {item.availableQuantity === 0 ? t('sold_out') : t('redeem_button')}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {tab === 'history' ? (
            <PagedRecords
              query={history}
              columns={historyColumns}
              rowKey={(row) => row.id}
              rowData={(row) => ({ 'data-redemption': row.reference, 'data-status': row.status })}
              pageNo={historyPage}
              onPageChange={setHistoryPage}
            />
          ) : null}
          {tab === 'details' ? (
            <PagedRecords
              query={details}
              columns={detailColumns}
              rowKey={(row) => row.id}
              rowData={(row) => ({ 'data-point-entry': row.type })}
              pageNo={detailsPage}
              onPageChange={setDetailsPage}
            />
          ) : null}
          {tab === 'rules' ? (
            <Card name="points-rules">
              <div className={styles.rules} dir="auto">
                {config.data?.rulesText ? <p className={styles.rulesText}>{config.data.rulesText}</p> : null}
                <p>{t('rules_never_expire')}</p>
              </div>
            </Card>
          ) : null}
        </div>
      </div>
      <RedeemDialog item={redeeming} currency={currency} onClose={() => setRedeeming(null)} />
      {(canConvert || canBuy) && balance.data ? (
        <PointsCashDialog
          key={cashMode ?? 'closed'}
          mode={cashMode ?? 'convert'}
          isOpen={cashMode !== null}
          onClose={() => setCashMode(null)}
          points={balance.data.points}
          ratio={cashMode === 'buy' ? balance.data.buyRatio : balance.data.convertRatio}
          currency={currency}
        />
      ) : null}
    </PageFrame>
  );
};
