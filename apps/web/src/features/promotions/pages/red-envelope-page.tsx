import type { MemberRedEnvelope } from '@tessera/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKeyOf } from '../../../shared/api/api-error';
import { useFormatMoney } from '../../../shared/i18n/use-format-money';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Alert } from '../../../shared/ui/alert/alert';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { useClaimRedEnvelope, useRedEnvelopeList } from '../api/red-envelopes-api';
import { PromotionRefusal } from '../components/promotion-refusal';
import styles from '../components/red-envelope.module.css';
import { RedEnvelopeCard } from '../components/red-envelope-card';
import { RedEnvelopeFairness } from '../components/red-envelope-fairness';

/**
 * /redEnvelope (spec section 2, other screens): the merchant's red envelopes. A member opens an envelope once while
 * it lasts and sees the share it held; each envelope's fairness record (the seed's hash, and after the end the seed
 * with the split recomputed here) opens in a dialog. A visitor's open opens the login popup.
 */
export const RedEnvelopePage = ({ currency }: { currency: string }) => {
  const { t } = useTranslation(['promotions', 'common']);
  const formatMoney = useFormatMoney();
  const list = useRedEnvelopeList();
  const claim = useClaimRedEnvelope();
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const [opened, setOpened] = useState<MemberRedEnvelope | null>(null);
  const [checking, setChecking] = useState<MemberRedEnvelope | null>(null);
  const envelopes = list.data?.list ?? [];

  const handleOpen = (envelope: MemberRedEnvelope) => {
    claim.reset();
    setOpened(null);
    if (!isLogin) {
      openDialog('login');
      return;
    }
    claim.mutate(envelope.id, { onSuccess: (answer) => setOpened(answer) });
  };

  return (
    <PageFrame title={t('red_title')} icon={<GiftIcon />}>
      <div className={styles.page} data-page="red-envelope">
        <p className={styles.intro}>{t('red_intro')}</p>
        <PromotionRefusal error={claim.error} />
        {list.isError ? <FormError code={errorKeyOf(list.error)} /> : null}
        {envelopes.length > 0 ? (
          <ul className={styles.list}>
            {envelopes.map((envelope) => (
              <li key={envelope.id}>
                <RedEnvelopeCard
                  envelope={envelope}
                  currency={currency}
                  isBusy={claim.isPending}
                  onOpen={handleOpen}
                  onCheck={setChecking}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {list.isPending ? <InlineLoader /> : null}
        {list.data && envelopes.length === 0 ? <EmptyState message={t('red_none')} /> : null}
      </div>
      <Dialog name="red-envelope-opened" isOpen={opened !== null} onClose={() => setOpened(null)} title={opened?.title}>
        {opened?.myAmount ? (
          <div className={styles.opened}>
            <span className={styles.openedSeal} aria-hidden="true">
              <GiftIcon />
            </span>
            <p className={styles.openedAmount} data-red-envelope-won={opened.myAmount}>
              {formatMoney(opened.myAmount, currency)}
            </p>
            {opened.blessing ? (
              <p className={styles.blessingDark} dir="auto">
                {opened.blessing}
              </p>
            ) : null}
            <Alert tone="success" name="red-envelope-done">
              {opened.wageringMultiple > 0
                ? t('red_done_wagering', { multiple: opened.wageringMultiple })
                : t('red_done_main')}
            </Alert>
          </div>
        ) : null}
      </Dialog>
      <Dialog
        name="red-envelope-fairness"
        isOpen={checking !== null}
        onClose={() => setChecking(null)}
        title={checking ? t('red_fair_title', { title: checking.title }) : undefined}
        size="md"
      >
        {checking ? <RedEnvelopeFairness envelope={checking} /> : null}
      </Dialog>
    </PageFrame>
  );
};
