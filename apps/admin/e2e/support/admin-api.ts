import {
  adminCashierEndpoints,
  adminEndpoints,
  buildPath,
  type EndpointDef,
  type OperatorRole,
  type ResponseOf,
  type SystemStatusValue,
  systemEndpoints,
} from '@tessera/contracts';
import { DEMO_OPERATOR } from '@tessera/testkit';

const call = async <E extends EndpointDef>(
  baseUrl: string,
  endpoint: E,
  options: { params?: Record<string, string>; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ResponseOf<E>> => {
  const hasBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE';
  const response = await fetch(baseUrl + buildPath(endpoint.path, options.params), {
    method: endpoint.method,
    headers: { ...(hasBody ? { 'content-type': 'application/json' } : {}), ...options.headers },
    ...(hasBody ? { body: JSON.stringify(options.body ?? {}) } : {}),
  });
  const envelope = (await response.json()) as { success: boolean; value: unknown; errorCode: string | null };
  if (!envelope.success) throw new Error(`${endpoint.name} failed: ${envelope.errorCode}`);
  return endpoint.response.parse(envelope.value) as ResponseOf<E>;
};

/** What the member site answers a caller from this machine about the demo merchant (the effect of a save). */
export const readSiteStatus = (baseUrl: string): Promise<SystemStatusValue> =>
  call(baseUrl, systemEndpoints.status, {
    headers: { Merchant: 'demo', ModuleId: systemEndpoints.status.moduleIds[0] ?? 'COMM3' },
  });

/** The back-office API as the demo owner, to check what the browser journeys wrote. */
export const signInAdminApi = async (baseUrl: string) => {
  const { token } = await call(baseUrl, adminEndpoints.login, { body: DEMO_OPERATOR });
  const headers = { Authorization: token };
  return {
    /** Creates an operator of any role (as the demo owner). */
    createOperator: (operator: { username: string; password: string; role: OperatorRole; displayName: string }) =>
      call(baseUrl, adminEndpoints.createOperator, { headers, body: { ...operator, merchantCode: null } }),
    /** Credits a demo member's main wallet through the desk's adjustment (a real ledger movement). */
    credit: (memberId: string, amount: string) =>
      call(baseUrl, adminCashierEndpoints.adjustBalance, {
        params: { code: 'demo', memberId },
        headers,
        body: { requestId: crypto.randomUUID(), direction: 'credit', amount, reason: 'Opening balance for the test' },
      }),
    getDemoMerchant: () => call(baseUrl, adminEndpoints.getMerchant, { params: { code: 'demo' }, headers }),
    replaceDemoSettings: async (
      change: (settings: ResponseOf<typeof adminEndpoints.getMerchant>['settings']) => void,
    ) => {
      const current = await call(baseUrl, adminEndpoints.getMerchant, { params: { code: 'demo' }, headers });
      change(current.settings);
      return call(baseUrl, adminEndpoints.updateMerchant, {
        params: { code: 'demo' },
        headers,
        body: { version: current.version, settings: current.settings },
      });
    },
  };
};
