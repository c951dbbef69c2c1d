import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SecurityCardFrame } from '../../../shared/account/security-card-frame';
import { usePublicStore } from '../../../shared/state/public-store';
import { CenterLayout } from '../../../shared/ui/center-layout/center-layout';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { SecurityCenter } from '../components/security-center';
import { defaultMemberPage, type MemberPage, memberPageOf, visibleMemberMenu } from '../member-menu';

export interface MemberCenterPageProps {
  /**
   * The pages other features provide, composed by the app layer (features never import each other). A menu item
   * without its page is not shown.
   */
  pages?: Partial<Record<MemberPage, ComponentType>>;
  /** Items the member has no use for now (transfer to upline without an upline agent). */
  hiddenPages?: readonly MemberPage[];
  /** Red counts on menu items (rewards to claim), with what they count for assistive technology. */
  badges?: Partial<Record<MemberPage, { count: number; label: string }>>;
  /** Cards other features add to My account's security settings (linked sign-ins). */
  securityCards?: readonly ComponentType<SecurityCardFrame>[];
}

/**
 * /member (lazy group MemberCenter, login required): the personal centre, opening on securityCenter. The page
 * is the query parameter `page`, named by its menu key (`/member?page=depositv2`), so a page can be linked
 * to, reloaded, and returned to from the payment gateway.
 */
export const MemberCenterPage = ({
  pages = {},
  hiddenPages = [],
  badges = {},
  securityCards = [],
}: MemberCenterPageProps) => {
  const { t } = useTranslation('account');
  const whitelabel = usePublicStore((state) => state.whitelabel);
  const [params, setParams] = useSearchParams();
  // An item shows only with its page: a feature not built yet is left out of the menu, never shown empty.
  const items = visibleMemberMenu(whitelabel).filter(
    (item) => !hiddenPages.includes(item.page) && (item.page === defaultMemberPage || pages[item.page] !== undefined),
  );
  const requested = memberPageOf(params.get('page'));
  const active =
    items.find((item) => item.page === requested) ?? items.find((item) => item.page === defaultMemberPage) ?? items[0];
  const Page = active ? pages[active.page] : undefined;
  const handleSelect = (page: MemberPage) => setParams({ page });
  return (
    <CenterLayout
      title={t('in_personal_center')}
      items={items.map((item) => ({ id: item.page, label: t(item.labelKey), badge: badges[item.page] }))}
      activeId={active?.page ?? defaultMemberPage}
      onSelect={handleSelect}
    >
      <PageFrame title={t(active?.labelKey ?? 'in_my_account')} eyebrow={t('in_personal_center')}>
        {Page ? <Page /> : <SecurityCenter extraCards={securityCards} />}
      </PageFrame>
    </CenterLayout>
  );
};
