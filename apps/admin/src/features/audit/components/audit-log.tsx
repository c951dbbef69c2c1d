import { auditActions, isAuditAction } from '@tessera/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { ChevronIcon } from '../../../shared/ui/icons';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { useAuditLog } from '../api/list-audit';
import { AuditDetails } from './audit-details';
import styles from './audit-log.module.css';

export const auditPageSizes = [20, 50, 100] as const;

export interface AuditLogProps {
  pageNo: number;
  pageSize: number;
  action: string;
  onChange: (query: { pageNo: number; pageSize: number; action: string }) => void;
}

/** The append-only audit log: who did what, when and from where; the query lives in the page URL. */
export const AuditLog = ({ pageNo, pageSize, action, onChange }: AuditLogProps) => {
  const { t } = useTranslation();
  const audit = useAuditLog({ pageNo, pageSize, ...(isAuditAction(action) ? { action } : {}) });
  const [openId, setOpenId] = useState<string | null>(null);
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <div className={styles.log}>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('audit.filterAction')}</span>
          <select
            value={action}
            name="action"
            onChange={(event) => onChange({ pageNo: 1, pageSize, action: event.target.value })}
          >
            <option value="">{t('audit.allActions')}</option>
            {auditActions.map((value) => (
              <option key={value} value={value}>
                {t(`auditActions.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('audit.pageSize')}</span>
          <select
            value={pageSize}
            onChange={(event) => onChange({ pageNo: 1, pageSize: Number(event.target.value), action })}
          >
            {auditPageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void audit.refetch()} isBusy={audit.isFetching}>
          {t('common.refresh')}
        </Button>
      </div>

      <ListStates query={audit} emptyMessage={t('audit.empty')} />
      {audit.data && audit.data.list.length > 0 ? (
        <div className={table.wrap}>
          <table className={table.table} data-testid="audit-table">
            <thead>
              <tr>
                <th scope="col">{t('audit.time')}</th>
                <th scope="col">{t('audit.operator')}</th>
                <th scope="col">{t('audit.action')}</th>
                <th scope="col">{t('audit.target')}</th>
                <th scope="col">{t('audit.merchant')}</th>
                <th scope="col">{t('audit.ip')}</th>
                <th scope="col">{t('audit.userAgent')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('audit.details')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {audit.data.list.map((entry) => {
                const isOpen = openId === entry.id;
                return (
                  <Fragment key={entry.id}>
                    <tr data-action={entry.action}>
                      <td data-label={t('audit.time')} className={table.nowrap}>
                        <time dateTime={entry.at}>{formatTime.format(Date.parse(entry.at))}</time>
                      </td>
                      <td data-label={t('audit.operator')}>
                        {entry.operatorUsername ?? <span className={table.muted}>{t('audit.unknownOperator')}</span>}
                      </td>
                      <td data-label={t('audit.action')}>
                        <span className={styles.action}>
                          {t(`auditActions.${entry.action}`, { defaultValue: entry.action })}
                          <code className={styles.actionCode}>{entry.action}</code>
                        </span>
                      </td>
                      <td data-label={t('audit.target')} className={table.mono}>
                        {entry.target ?? '—'}
                      </td>
                      <td data-label={t('audit.merchant')} className={table.mono}>
                        {entry.merchantCode ?? t('audit.allMerchants')}
                      </td>
                      <td data-label={t('audit.ip')} className={`${table.mono} ${table.nowrap}`}>
                        {entry.ip}
                      </td>
                      <td data-label={t('audit.userAgent')} className={styles.agent} title={entry.userAgent ?? ''}>
                        {entry.userAgent ?? '—'}
                      </td>
                      <td className={table.actions}>
                        <Button
                          size="sm"
                          variant="ghost"
                          aria-expanded={isOpen}
                          icon={<ChevronIcon className={isOpen ? styles.chevronOpen : styles.chevron} />}
                          onClick={() => setOpenId(isOpen ? null : entry.id)}
                        >
                          {t('audit.details')}
                        </Button>
                      </td>
                    </tr>
                    {isOpen ? (
                      <tr className={styles.detailsRow}>
                        <td colSpan={8}>
                          <AuditDetails details={entry.details} />
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {audit.data ? (
        <Pagination
          pageNo={pageNo}
          totalPages={audit.data.totalPages}
          isDisabled={audit.isFetching}
          onChange={(next) => onChange({ pageNo: next, pageSize, action })}
        />
      ) : null}
    </div>
  );
};
