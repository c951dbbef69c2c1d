import { Navigate, useLocation, useParams } from 'react-router';
import { MemberDetail } from '../../features/members/components/member-detail';
import { MemberOverview } from '../../features/reports/components/member-overview';
import { MemberResponsibleGaming } from '../../features/responsible-gaming/components/member-responsible-gaming';
import { canOperator } from '../../shared/permissions/operator-permissions';
import { useCurrentOperator } from '../layouts/operator-outlet-context';

/** Set by the members list when it opens a member, so the breadcrumb returns to the same search. */
export interface MemberPageState {
  from?: string;
}

export const MemberPage = () => {
  const { id = '' } = useParams();
  const operator = useCurrentOperator();
  const location = useLocation();
  if (!canOperator(operator.role, 'member.read')) return <Navigate to="/merchants" replace />;
  const from = (location.state as MemberPageState | null)?.from;
  return (
    <>
      <MemberDetail key={id} id={id} actor={operator} backTo={from?.startsWith('/members') ? from : '/members'} />
      <MemberOverview key={`360-${id}`} id={id} actor={operator} />
      {canOperator(operator.role, 'responsibleGaming.read') ? (
        <MemberResponsibleGaming key={`rg-${id}`} id={id} />
      ) : null}
    </>
  );
};
