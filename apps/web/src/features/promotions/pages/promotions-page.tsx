import type { MemberPromotion, PromotionCategory } from '@tessera/contracts';
import { promotionCategories } from '@tessera/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { errorKeyOf } from '../../../shared/api/api-error';
import { usePublicStore } from '../../../shared/state/public-store';
import { useShellStore } from '../../../shared/state/shell-store';
import { Alert } from '../../../shared/ui/alert/alert';
import { Dialog } from '../../../shared/ui/dialog/dialog';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { FormError } from '../../../shared/ui/form/form-error';
import { GiftIcon } from '../../../shared/ui/icons/icons';
import { InlineLoader } from '../../../shared/ui/loading-cover/loading-cover';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { Tabs } from '../../../shared/ui/tabs/tabs';
import { useCancelTicket, useClaimPromotion, useJoinPromotion, usePromotionList } from '../api/promotions-api';
import { useRaffleList } from '../api/raffles-api';
import { ChatAppLinkForm } from '../components/chat-app-link-form';
import { PromotionApplyForm } from '../components/promotion-apply-form';
import { PromotionCard } from '../components/promotion-card';
import { PromotionDetail } from '../components/promotion-detail';
import { PromotionRefusal } from '../components/promotion-refusal';
import styles from '../components/promotions.module.css';
import { RaffleSection } from '../components/raffle-section';
import { actionDoneKeys, categoryKeys, type PromotionAction } from '../promotion-states';

type Tab = PromotionCategory | 'all';

const tabOf = (value: string | null): Tab =>
  value !== null && (promotionCategories as readonly string[]).includes(value) ? (value as PromotionCategory) : 'all';

export interface PromotionsPageProps {
  /** The merchant's currency, in which the rewards are shown. */
  currency: string;
  /**
   * The merchant's promotion notices (content written in the back office), listed after the promotions; told
   * whether promotions are listed above them.
   */
  renderNotices?: (hasPromotions: boolean) => ReactNode;
  /** Whether there are notices (null while unknown): the empty state shows only without either. */
  hasNotices?: boolean | null;
}

/**
 * /promotions (lazy group Promotions): the merchant's promotions by category (tabs, `?category=`), each with its
 * picture, period, activity state (spec section 4) and the one action that state allows; `#<id>` opens one's
 * detail with its rules. Joining or claiming is one press; applying opens the application form, a chat-app reward
 * the handle's form (decision 0151); an application
 * waiting for review is withdrawn with one press (`MCSFE_cancelTicket`, decision 0146). A visitor's
 * action opens the login popup. The merchant's raffles follow in their own section.
 */
export const PromotionsPage = ({ currency, renderNotices, hasNotices = false }: PromotionsPageProps) => {
  const { t } = useTranslation(['promotions', 'common']);
  const list = usePromotionList();
  const hasRaffles = (useRaffleList().data?.list.length ?? 0) > 0;
  const isLogin = usePublicStore((state) => state.isLogin);
  const openDialog = useShellStore((state) => state.openDialog);
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const join = useJoinPromotion();
  const claim = useClaimPromotion();
  const withdraw = useCancelTicket();
  const [done, setDone] = useState<{ action: PromotionAction; title: string } | null>(null);
  const [applyingTo, setApplyingTo] = useState<string | null>(null);
  const [linkingTo, setLinkingTo] = useState<string | null>(null);

  const promotions = list.data?.list ?? [];
  const tabs: Tab[] = ['all', ...promotionCategories.filter((c) => promotions.some((p) => p.category === c))];
  const requested = tabOf(params.get('category'));
  const tab = tabs.includes(requested) ? requested : 'all';
  const shown = tab === 'all' ? promotions : promotions.filter((promotion) => promotion.category === tab);
  const openId = decodeURIComponent(location.hash.slice(1));
  const opened = promotions.find((promotion) => promotion.id === openId) ?? null;
  const applying = promotions.find((promotion) => promotion.id === applyingTo) ?? null;
  const linking = promotions.find((promotion) => promotion.id === linkingTo) ?? null;
  const actionError = join.error ?? claim.error ?? withdraw.error;
  const isBusy = join.isPending || claim.isPending || withdraw.isPending;

  const closeDetail = () => navigate({ search: location.search, hash: '' }, { replace: true });
  const handleAction = (promotion: MemberPromotion, action: PromotionAction) => {
    setDone(null);
    join.reset();
    claim.reset();
    withdraw.reset();
    if (!isLogin) {
      openDialog('login');
      return;
    }
    if (action === 'apply') {
      setApplyingTo(promotion.id);
      return;
    }
    if (action === 'link') {
      setLinkingTo(promotion.id);
      return;
    }
    if (action === 'withdraw') {
      if (promotion.ticketId) {
        withdraw.mutate(promotion.ticketId, { onSuccess: () => setDone({ action, title: promotion.title }) });
      }
      return;
    }
    const mutation = action === 'join' ? join : claim;
    mutation.mutate(promotion.id, { onSuccess: () => setDone({ action, title: promotion.title }) });
  };

  return (
    <PageFrame title={t('local_header_promotions', { ns: 'common' })} icon={<GiftIcon />}>
      <div className={styles.page} data-page="promotions">
        {done ? (
          <Alert tone="success" name="promotion-done">
            {t(actionDoneKeys[done.action], { title: done.title })}
          </Alert>
        ) : null}
        <PromotionRefusal error={actionError} />
        {list.isError ? <FormError code={errorKeyOf(list.error)} /> : null}
        {promotions.length > 0 ? (
          <>
            <div className={styles.tabs}>
              <Tabs
                idPrefix="promotion-category"
                label={t('promo_categories')}
                items={tabs.map((id) => ({ id, label: t(categoryKeys[id]) }))}
                activeId={tab}
                onSelect={(id) => setParams(id === 'all' ? {} : { category: id }, { replace: true })}
              />
            </div>
            <div id="promotion-category-panel" role="tabpanel" aria-labelledby={`promotion-category-tab-${tab}`}>
              <ul className={styles.list}>
                {shown.map((promotion) => (
                  <li key={promotion.id}>
                    <PromotionCard promotion={promotion} currency={currency} isBusy={isBusy} onAction={handleAction} />
                  </li>
                ))}
              </ul>
            </div>
          </>
        ) : null}
        <RaffleSection />
        {list.isPending ? <InlineLoader /> : null}
        {list.data && promotions.length === 0 && !hasRaffles && hasNotices === false ? (
          <EmptyState message={t('promo_none')} />
        ) : null}
        {renderNotices?.(promotions.length > 0)}
      </div>
      <Dialog
        name="promotion-detail"
        isOpen={opened !== null && applying === null && linking === null}
        onClose={closeDetail}
        title={opened?.title}
        size="md"
      >
        {opened ? (
          <>
            {done ? (
              <Alert tone="success" name="promotion-done">
                {t(actionDoneKeys[done.action], { title: done.title })}
              </Alert>
            ) : null}
            <PromotionRefusal error={actionError} />
            <PromotionDetail promotion={opened} currency={currency} isBusy={isBusy} onAction={handleAction} />
          </>
        ) : null}
      </Dialog>
      <Dialog
        name="promotion-apply"
        isOpen={applying !== null}
        onClose={() => setApplyingTo(null)}
        title={applying ? t('promo_apply_title', { title: applying.title }) : undefined}
        size="md"
      >
        {applying ? (
          <PromotionApplyForm
            promotion={applying}
            onCancel={() => setApplyingTo(null)}
            onApplied={(promotion) => {
              setApplyingTo(null);
              setDone({ action: 'apply', title: promotion.title });
            }}
          />
        ) : null}
      </Dialog>
      <Dialog
        name="chat-app-link"
        isOpen={linking !== null}
        onClose={() => setLinkingTo(null)}
        title={linking ? t('promo_link_title', { title: linking.title }) : undefined}
        size="md"
      >
        {linking ? (
          <ChatAppLinkForm
            promotion={linking}
            onCancel={() => setLinkingTo(null)}
            onLinked={(promotion) => {
              setLinkingTo(null);
              setDone({ action: 'link', title: promotion.title });
            }}
          />
        ) : null}
      </Dialog>
    </PageFrame>
  );
};
