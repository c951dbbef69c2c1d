import { type OperatorPermission, type OperatorRole, roleMay } from '@tessera/contracts';

export type { OperatorPermission };

/**
 * What each role may do: the role matrix of the contracts (`operatorPermissions`), the one the server's registrar
 * enforces on every back-office endpoint (decision 0047). The back office uses it only to hide what would be refused;
 * the server remains the judge.
 */
export const canOperator = (role: OperatorRole, permission: OperatorPermission): boolean => roleMay(role, permission);
