import { type OperatorRole, operatorRoles } from '@tessera/contracts';
import type { TestApp } from './test-app';

/**
 * Signs in the demo owner (`owner`), an operator of every other role for all merchants (named after its role), and
 * `scoped` operators ([name, role, merchant code]); answers each one's session token by name.
 */
export const operatorTokens = async (
  t: TestApp,
  scoped: readonly [name: string, role: OperatorRole, merchantCode: string][] = [],
): Promise<Record<string, string>> => {
  const owner = await t.operatorToken();
  const tokens: Record<string, string> = { owner };
  const operators: (readonly [string, OperatorRole, string | null])[] = [
    ...operatorRoles.filter((role) => role !== 'owner').map((role) => [role, role, null] as const),
    ...scoped,
  ];
  for (const [name, role, merchantCode] of operators) {
    const created = await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { authorization: owner },
      payload: { username: `${name}op`, displayName: name, password: 'Operator-Pass-1', role, merchantCode },
    });
    if (!created.json().success) throw new Error(`operator ${name} not created: ${created.body}`);
    tokens[name] = await t.operatorToken(`${name}op`, 'Operator-Pass-1');
  }
  return tokens;
};
