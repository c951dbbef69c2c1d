import { type MerchantSettings, type OperatorRole, operatorRoles } from '@tessera/contracts';
import type { MerchantContext } from '../src/platform/http/context';
import type { TestApp } from './test-app';

/** A second merchant: the demo merchant's settings with `changes` (a currency, the feature tree...), resolved. */
export const merchantLikeDemo = async (
  t: TestApp,
  code: string,
  changes: Partial<MerchantSettings> = {},
): Promise<MerchantContext> => {
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  await t.services.merchants.createIfAbsent(code, {
    ...demo.settings,
    name: code,
    domains: [`${code}.test`],
    ...changes,
  });
  return t.services.merchants.resolve({ code, host: '' });
};

/**
 * An operator of every role but owner (named after the role), plus `scoped` ones limited to one merchant, each
 * created by the demo owner and signed in: their session tokens by name, the owner's as `owner`.
 */
export const signInOperators = async (
  t: TestApp,
  scoped: readonly { name: string; role: OperatorRole; merchantCode: string }[] = [],
): Promise<Record<string, string>> => {
  const owner = await t.operatorToken();
  const tokens: Record<string, string> = { owner };
  const operators = [
    ...operatorRoles
      .filter((role) => role !== 'owner')
      .map((role) => ({ name: role, role, merchantCode: null as string | null })),
    ...scoped,
  ];
  for (const { name, role, merchantCode } of operators) {
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

/**
 * A merchant-scoped back-office resource (`/api/admin/merchants/:code/<resource>`) called as a named operator of
 * `tokens`: get and put (the demo merchant unless `code` says otherwise). `app` is read at each call.
 */
export const merchantResource = (app: () => TestApp, tokens: Record<string, string>, resource: string) => {
  const url = (code: string) => `/api/admin/merchants/${code}/${resource}`;
  return {
    get: (as: string, code = 'demo') =>
      app().request({ method: 'GET', url: url(code), headers: { authorization: tokens[as] ?? '' } }),
    put: (as: string, payload: unknown, code = 'demo') =>
      app().request({
        method: 'PUT',
        url: url(code),
        headers: { authorization: tokens[as] ?? '' },
        payload: payload as object,
      }),
  };
};
