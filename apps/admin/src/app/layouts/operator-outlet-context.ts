import type { Operator } from '@tessera/contracts';
import { useOutletContext } from 'react-router';

export interface OperatorOutletContext {
  operator: Operator;
}

/** The signed-in operator, for pages under RequireOperator. */
export const useCurrentOperator = (): Operator => useOutletContext<OperatorOutletContext>().operator;
