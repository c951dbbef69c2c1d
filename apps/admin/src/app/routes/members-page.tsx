import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { MemberSearch } from '../../features/members/components/member-search';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { PageHeader } from '../../shared/ui/page-header';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

export const MembersPage = () => {
  const { t } = useTranslation();
  const operator = useCurrentOperator();
  const [searchParams, setSearchParams] = useSearchParams();
  const handleQueryChange = useCallback(
    (q: string) => setSearchParams(q ? { q } : {}, { replace: true }),
    [setSearchParams],
  );
  if (!canOperator(operator.role, 'member.read')) return <Navigate to="/merchants" replace />;
  return (
    <>
      <PageHeader
        title={t('members.title')}
        description={
          operator.merchantCode
            ? t('members.descriptionOne', { code: operator.merchantCode })
            : t('members.descriptionAll')
        }
      />
      <MemberSearch query={searchParams.get('q') ?? ''} onQueryChange={handleQueryChange} />
    </>
  );
};
