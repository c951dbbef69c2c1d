import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CannedReplies } from '../../features/contact/components/canned-replies';
import { ChatConsole } from '../../features/contact/components/chat-console';
import styles from '../../features/contact/components/contact.module.css';
import { FeedbackQueue } from '../../features/contact/components/feedback-queue';
import { useMerchant } from '../../features/merchants/api/get-merchant';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { Broadcasts } from '../../features/messages/components/broadcasts';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

const TABS = ['feedback', 'chat', 'canned', 'messages'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/**
 * Talking to members, per merchant: the feedback queue, the live-chat console, the chat's canned replies and the
 * operators' messages to members' inboxes; merchant and tab in the URL.
 */
export const ContactPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const merchants = useMerchants();
  const code = searchParams.get('merchant') ?? operator.merchantCode ?? merchants.data?.[0]?.code ?? '';
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'feedback';
  const merchant = useMerchant(code);
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
          {TABS.map((name) => (
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
        {code && tab === 'canned' ? (
          <CannedReplies key={code} code={code} canManage={canOperator(operator.role, 'contact.reply')} />
        ) : null}
        {code && tab === 'messages' && merchant.data ? (
          <Broadcasts
            key={code}
            code={code}
            settings={merchant.data.settings}
            canSend={canOperator(operator.role, 'messages.send')}
          />
        ) : null}
      </div>
    </>
  );
};
