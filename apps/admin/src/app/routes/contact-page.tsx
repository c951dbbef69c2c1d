import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChatConsole } from '../../features/contact/components/chat-console';
import styles from '../../features/contact/components/contact.module.css';
import { FeedbackQueue } from '../../features/contact/components/feedback-queue';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

/** Talking to members, per merchant: the feedback queue and the live-chat console; merchant and tab in the URL. */
export const ContactPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const merchants = useMerchants();
  const code = searchParams.get('merchant') ?? operator.merchantCode ?? merchants.data?.[0]?.code ?? '';
  const tab = searchParams.get('tab') === 'chat' ? 'chat' : 'feedback';
  const go = (next: Record<string, string>) => setSearchParams({ merchant: code, tab, ...next }, { replace: true });

  return (
    <>
      <PageHeader title={t('contact.title')} description={t('contact.description')} />
      <div className={styles.stack}>
        {operator.merchantCode === null ? (
          <div className={styles.filters}>
            <label className={styles.filter}>
              <span>{t('contact.merchant')}</span>
              <select value={code} onChange={(event) => go({ merchant: event.target.value })}>
                {(merchants.data ?? []).map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.name} ({m.code})
                  </option>
                ))}
              </select>
            </label>
          </div>
        ) : null}
        <div className={styles.actions} role="tablist">
          {(['feedback', 'chat'] as const).map((name) => (
            <Button
              key={name}
              role="tab"
              aria-selected={name === tab}
              variant={name === tab ? 'primary' : 'secondary'}
              onClick={() => go({ tab: name })}
            >
              {t(`contact.tabs.${name}`)}
            </Button>
          ))}
        </div>
        {merchants.isPending ? <LoadingState /> : null}
        {merchants.isError ? <ErrorState error={merchants.error} /> : null}
        {code && tab === 'feedback' ? <FeedbackQueue key={code} code={code} /> : null}
        {code && tab === 'chat' ? <ChatConsole key={code} code={code} /> : null}
      </div>
    </>
  );
};
