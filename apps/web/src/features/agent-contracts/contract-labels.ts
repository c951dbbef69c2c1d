import { contractKinds, dividendPeriods, STATEMENT_INPUTS, statementStatuses } from '@tessera/contracts';

/**
 * Keys the contract pages pick at run time (kind, period, payer, statement status, a statement's inputs, a
 * contract's state and the withdraw/terminate actions).
 */
export const contractDynamicKeys: readonly string[] = [
  ...contractKinds.flatMap((kind) => [`contract_kind_${kind}`, `contract_records_${kind}`]),
  ...dividendPeriods.map((period) => `contract_period_${period}`),
  ...statementStatuses.map((status) => `contract_statement_${status}`),
  'contract_payer_platform',
  'contract_payer_upline',
  ...STATEMENT_INPUTS.map((input) => `contract_input_${input}`),
  ...['offered', 'active', 'ending'].map((state) => `contract_state_${state}`),
  ...['withdraw', 'terminate'].flatMap((action) => [`contract_${action}`, `contract_${action}_title`]),
];
