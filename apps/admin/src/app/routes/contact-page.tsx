import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styles from '../../features/contact/components/contact.module.css';
import { FeedbackQueue } from '../../features/contact/components/feedback-queue';
import { useMerchants } from '../../features/merchants/api/list-merchants';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/page-state';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

/** Talking to members, per merchant: the feedback and complaints queue; the merchant in the URL. */
export const ContactPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const merchants = useMerchants();
  const code = searchParams.get('merchant') ?? operator.merchantCode ?? merchants.data?.[0]?.code ?? '';

  return (
    <>
      <PageHeader title={t('contact.title')} description={t('contact.description')} />
      <div className={styles.stack}>
        {operator.merchantCode === null ? (
          <div className={styles.filters}>
            <label className={styles.filter}>
              <span>{t('contact.merchant')}</span>
              <select
                value={code}
                onChange={(event) => setSearchParams({ merchant: event.target.value }, { replace: true })}
              >
                {(merchants.data ?? []).map((m) => (
                  <option key={m.code} value={m.code}>
                    {m.name} ({m.code})
                  </option>
                ))}
              </select>
            </label>
          </div>
        ) : null}
        {merchants.isPending ? <LoadingState /> : null}
        {merchants.isError ? <ErrorState error={merchants.error} /> : null}
        {code ? <FeedbackQueue key={code} code={code} /> : null}
      </div>
    </>
  );
};
