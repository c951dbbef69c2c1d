import { contractKinds, dividendPeriods, statementStatuses } from '@tessera/contracts';

/** A statement's inputs in the order the statement shows them; any other input follows, by its own name. */
export const STATEMENT_INPUTS = [
  'from',
  'to',
  'validBet',
  'loss',
  'activeMembers',
  'rounds',
  'wonRounds',
  'leftOutMembers',
] as const;

/** A statement's inputs as [name, value] pairs, in STATEMENT_INPUTS order (the stored JSON keeps no order). */
export const orderedInputs = (inputs: Record<string, string | number>): [string, string | number][] => {
  const rank = (name: string) => {
    const at = (STATEMENT_INPUTS as readonly string[]).indexOf(name);
    return at === -1 ? STATEMENT_INPUTS.length : at;
  };
  return Object.entries(inputs).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
};

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
