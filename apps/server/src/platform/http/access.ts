import { type EndpointAccess, isAgentType, roleMay, TRIAL_MEMBER_TYPE } from '@tessera/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { MemberPrincipal, OperatorPrincipal } from './context';

/** A member endpoint's rule on the signed-in member: a trial account is no real one, and only agents are agents. */
export const checkMemberAccess = (rule: EndpointAccess, member: MemberPrincipal): void => {
  if (rule.kind === 'realMember' && member.type === TRIAL_MEMBER_TYPE) throw new AppError('in_need_true_account');
  if (rule.kind === 'agent' && !isAgentType(member.type)) throw new AppError('error_not_agent');
};

/**
 * An operator endpoint's rule: the role holds the permission, then the path's merchant is in the operator's scope
 * (another merchant answers `not_found`, as if it did not exist). Both before the input is read (decision 0047).
 */
export const checkOperatorAccess = (
  rule: EndpointAccess,
  operator: OperatorPrincipal,
  request: Pick<FastifyRequest, 'params'>,
): void => {
  if (rule.kind !== 'operator') return;
  if (!roleMay(operator.role, rule.permission)) throw new AppError('forbidden');
  if (rule.scope === 'own' || operator.merchantCode === null) return;
  if ((request.params as Record<string, unknown>).code !== operator.merchantCode) throw new AppError('not_found');
};
