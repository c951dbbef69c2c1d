import { DEMO_OPERATOR } from '@tessera/testkit';

type Settings = Record<string, unknown> & {
  enabled: boolean;
  maintenance: { enabled: boolean; startAt: string | null; endAt: string | null };
  region: { blockedIpRanges: string[] } & Record<string, unknown>;
  customerService: { csType: string; title: string; url: string }[];
};

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode: string | null;
}

const call = async <T>(url: string, init: RequestInit): Promise<T> => {
  const response = await fetch(url, init);
  const body = (await response.json()) as Envelope<T>;
  if (!body.success) throw new Error(`${init.method ?? 'GET'} ${url} failed: ${body.errorCode}`);
  return body.value;
};

/** The back-office API, used by the journeys to put the demo merchant into the state they test. */
export const adminApi = async (baseUrl: string) => {
  const { token } = await call<{ token: string }>(`${baseUrl}/api/admin/session/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_OPERATOR),
  });
  const headers = { Authorization: token, 'content-type': 'application/json' };
  const merchantUrl = `${baseUrl}/api/admin/merchants/demo`;
  return {
    /** Reads the demo merchant, lets `change` edit its settings, and saves them. */
    updateDemoMerchant: async (change: (settings: Settings) => void): Promise<void> => {
      const current = await call<{ version: number; settings: Settings }>(merchantUrl, { headers });
      change(current.settings);
      await call(merchantUrl, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ version: current.version, settings: current.settings }),
      });
    },
    /** Adds a back-office operator (of the demo merchant unless `merchantCode` is null). */
    createOperator: (operator: { username: string; displayName: string; role: string; merchantCode?: string | null }) =>
      call<{ id: string }>(`${baseUrl}/api/admin/operators`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ merchantCode: 'demo', password: 'Operator-Pass-1', ...operator }),
      }),
    /** Adds a content item (notice, popup, banner, ...) to the demo merchant. */
    createContent: (item: { language?: string; sortOrder?: number; content: Record<string, unknown> }) =>
      call<{ id: string }>(`${merchantUrl}/content`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ language: 'EN', sortOrder: 100, enabled: true, startsAt: null, endsAt: null, ...item }),
      }),
    /** Makes a demo member an agent of a type (from the agent tree). */
    makeAgent: (memberId: string, agentType = 1) =>
      call(`${merchantUrl}/agent-tree/${memberId}/agent-type`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ agentType }),
      }),
  };
};
