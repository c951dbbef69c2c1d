import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../shared/i18n/i18n';
import { Alert } from '../../../shared/ui/alert';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import table from '../../../shared/ui/data-table.module.css';
import { MailIcon, MessageIcon } from '../../../shared/ui/icons';
import { ListStates } from '../../../shared/ui/page-state';
import { Pagination } from '../../../shared/ui/pagination';
import { useOutbox } from '../api/list-outbox';
import { outboxPageSizes, outboxStatusKey, outboxStatusTone, outboxTemplateKey } from '../lib/outbox-labels';
import styles from './outbox-log.module.css';

export interface OutboxLogProps {
  pageNo: number;
  pageSize: number;
  /** Shows the merchant of each message (for operators who see every merchant). */
  showMerchant: boolean;
  onChange: (query: { pageNo: number; pageSize: number }) => void;
}

/** Every SMS and e-mail the platform sent, newest first; the page lives in the URL. */
export const OutboxLog = ({ pageNo, pageSize, showMerchant, onChange }: OutboxLogProps) => {
  const { t } = useTranslation();
  const outbox = useOutbox({ pageNo, pageSize });
  const formatTime = new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' });

  return (
    <div className={styles.log}>
      <Alert tone="info" title={t('outbox.providerNoteTitle')}>
        {t('outbox.providerNote')}
      </Alert>
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{t('outbox.pageSize')}</span>
          <select value={pageSize} onChange={(event) => onChange({ pageNo: 1, pageSize: Number(event.target.value) })}>
            {outboxPageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void outbox.refetch()} isBusy={outbox.isFetching}>
          {t('common.refresh')}
        </Button>
      </div>

      <ListStates query={outbox} emptyMessage={t('outbox.empty')} />
      {outbox.data && outbox.data.list.length > 0 ? (
        <div className={table.wrap}>
          <table className={`${table.table} ${styles.table}`} data-testid="outbox-table">
            <thead>
              <tr>
                <th scope="col">{t('outbox.time')}</th>
                <th scope="col">{t('outbox.channel')}</th>
                <th scope="col">{t('outbox.recipient')}</th>
                <th scope="col">{t('outbox.template')}</th>
                <th scope="col">{t('outbox.body')}</th>
                <th scope="col">{t('outbox.provider')}</th>
                <th scope="col">{t('outbox.status')}</th>
                {showMerchant ? <th scope="col">{t('outbox.merchant')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {outbox.data.list.map((message) => {
                const templateKey = outboxTemplateKey(message.template);
                const statusKey = outboxStatusKey(message.status);
                return (
                  <tr key={message.id} data-channel={message.channel} data-template={message.template}>
                    <td data-label={t('outbox.time')} className={table.nowrap}>
                      <time dateTime={message.createdAt}>{formatTime.format(Date.parse(message.createdAt))}</time>
                    </td>
                    <td data-label={t('outbox.channel')}>
                      <span className={styles.channel}>
                        {message.channel === 'sms' ? <MessageIcon /> : <MailIcon />}
                        {t(message.channel === 'sms' ? 'outbox.sms' : 'outbox.email')}
                      </span>
                    </td>
                    <td data-label={t('outbox.recipient')} className={`${table.mono} ${styles.recipient}`}>
                      {message.recipient}
                    </td>
                    <td data-label={t('outbox.template')}>
                      <span className={styles.template}>
                        {templateKey ? t(templateKey) : null}
                        <code className={styles.templateCode}>{message.template}</code>
                      </span>
                    </td>
                    <td data-label={t('outbox.body')} className={styles.body}>
                      {message.body}
                    </td>
                    <td data-label={t('outbox.provider')} className={table.mono}>
                      {message.provider}
                    </td>
                    <td data-label={t('outbox.status')}>
                      <Badge tone={outboxStatusTone(message.status)}>{statusKey ? t(statusKey) : message.status}</Badge>
                    </td>
                    {showMerchant ? (
                      <td data-label={t('outbox.merchant')} className={table.mono}>
                        {message.merchantCode}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
      {outbox.data ? (
        <Pagination
          pageNo={pageNo}
          totalPages={outbox.data.totalPages}
          isDisabled={outbox.isFetching}
          onChange={(next) => onChange({ pageNo: next, pageSize })}
        />
      ) : null}
    </div>
  );
};
