import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicStore } from '../../../shared/state/public-store';
import { CenterLayout } from '../../../shared/ui/center-layout/center-layout';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { PageFrame } from '../../../shared/ui/page-frame/page-frame';
import { SecurityCenter } from '../components/security-center';
import { defaultMemberPage, type MemberPage, visibleMemberMenu } from '../member-menu';

/** /member (lazy group MemberCenter, login required): the personal centre, opening on securityCenter. */
export const MemberCenterPage = () => {
  const { t } = useTranslation('member');
  const whitelabel = usePublicStore((state) => state.whitelabel);
  const items = visibleMemberMenu(whitelabel);
  const [page, setPage] = useState<MemberPage>(defaultMemberPage);
  const active = items.find((item) => item.page === page) ?? items[0];
  return (
    <CenterLayout
      title={t('in_personal_center')}
      items={items.map((item) => ({ id: item.page, label: t(item.labelKey) }))}
      activeId={active?.page ?? defaultMemberPage}
      onSelect={setPage}
    >
      <PageFrame title={t(active?.labelKey ?? 'in_my_account')} eyebrow={t('in_personal_center')}>
        {active?.page === 'securityCenter' ? <SecurityCenter /> : <EmptyState />}
      </PageFrame>
    </CenterLayout>
  );
};
