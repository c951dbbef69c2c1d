import { AppError } from '../../platform/http/app-error';
import type { OperatorPrincipal } from '../../platform/http/context';

// Which role may do what is the contracts' role matrix, enforced by the registrar (decision 0047); what is left here
// is the scope of an operator over the records an endpoint reaches by id.

/** An operator scoped to one merchant sees nothing of another: answer as if it did not exist. */
export const assertMerchantInScope = (operator: OperatorPrincipal, merchantCode: string | null): void => {
  if (operator.merchantCode !== null && operator.merchantCode !== merchantCode) throw new AppError('not_found');
};

/** The merchants an operator may see: null for all. */
export const merchantScopeOf = (operator: OperatorPrincipal): string[] | null =>
  operator.merchantCode === null ? null : [operator.merchantCode];
