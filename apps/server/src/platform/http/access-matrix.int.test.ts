import { randomUUID } from 'node:crypto';
import { allEndpoints, type EndpointDef, operatorRoles, roleMay } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { hashPassword } from '../security/password';

/**
 * The authorization matrix, generated from the contracts (decision 0047): every endpoint, called by every kind of
 * caller, gets exactly the answer its `access` declares. A refusal is the declared code and changes nothing; an
 * allowed caller gets past the access rule (whatever its empty input then earns it, never an access refusal).
 */

type Caller =
  | { kind: 'visitor' }
  | { kind: 'member'; type: 'trial' | 'real' | 'agent' }
  | { kind: 'operator'; name: string; role: (typeof operatorRoles)[number]; merchantCode: string | null };

const ACCESS_CODES = ['login.not.session', 'in_need_true_account', 'error_not_agent', 'forbidden'];

/** The answer the declaration promises: `allowed`, or the error code of the refusal. */
const expectedAnswer = (endpoint: EndpointDef, caller: Caller): string => {
  const rule = endpoint.access;
  switch (rule.kind) {
    case 'visitor':
      return 'allowed';
    case 'member':
    case 'realMember':
    case 'agent':
      if (caller.kind !== 'member') return 'login.not.session';
      if (rule.kind === 'realMember' && caller.type === 'trial') return 'in_need_true_account';
      if (rule.kind === 'agent' && caller.type !== 'agent') return 'error_not_agent';
      return 'allowed';
    case 'operator':
      if (caller.kind !== 'operator') return 'login.not.session';
      if (!roleMay(caller.role, rule.permission)) return 'forbidden';
      if (rule.scope !== 'own' && caller.merchantCode !== null && caller.merchantCode !== 'demo') return 'not_found';
      return 'allowed';
  }
};

const callerName = (caller: Caller): string =>
  caller.kind === 'visitor' ? 'visitor' : caller.kind === 'member' ? `${caller.type} member` : caller.name;

/** Path parameters: the demo merchant for `:code`, an unknown id for the rest. */
const urlOf = (endpoint: EndpointDef): string =>
  endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, key: string) => (key === 'code' ? 'demo' : randomUUID()));

let t: TestApp;
const tokens = new Map<string, string>();
const callers: Caller[] = [
  { kind: 'visitor' },
  { kind: 'member', type: 'trial' },
  { kind: 'member', type: 'real' },
  { kind: 'member', type: 'agent' },
  ...operatorRoles.map((role) => ({ kind: 'operator' as const, name: role, role, merchantCode: null })),
  { kind: 'operator', name: 'otherowner', role: 'owner', merchantCode: 'other' },
];

/** A digest of every table's rows (a session's last-seen time aside: reading a session may touch it). */
const digest = async (): Promise<Record<string, string>> => {
  const { rows: tables } = await t.database.pool.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  const out: Record<string, string> = {};
  for (const { name } of tables) {
    const row = `(to_jsonb(r) - 'last_seen_at')::text`;
    const { rows } = await t.database.pool.query<{ d: string | null }>(
      `SELECT md5(string_agg(${row}, '|' ORDER BY ${row})) AS d FROM "${name}" r`,
    );
    out[name] = rows[0]?.d ?? '';
  }
  return out;
};

const call = async (endpoint: EndpointDef, caller: Caller, index: number) => {
  const token = tokens.get(callerName(caller));
  const url = urlOf(endpoint);
  const response = await t.request({
    method: endpoint.method,
    url,
    // One address per call: no rate limit of the platform decides a cell.
    remoteAddress: `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    headers: {
      ...(endpoint.moduleIds[0] ? { ModuleId: endpoint.moduleIds[0] } : {}),
      ...(token ? { authorization: token } : {}),
    },
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
  });
  const body = response.json() as { success: boolean; errorCode?: string };
  return { status: response.statusCode, code: body.success ? 'success' : (body.errorCode ?? 'none'), url };
};

beforeAll(async () => {
  t = await createTestApp();
  await merchantLikeDemo(t, 'other');
  const operators = await signInOperators(t, [{ name: 'otherowner', role: 'owner', merchantCode: 'other' }]);
  for (const [name, token] of Object.entries(operators)) tokens.set(name, token);
  // Every feature a site endpoint names is on, so the merchant's feature tree decides no cell.
  const demo = await t.services.merchants.get('demo');
  if (!demo) throw new Error('no demo merchant');
  const enable = (nodes: typeof demo.settings.whitelabel): typeof demo.settings.whitelabel =>
    nodes.map((node) => ({ ...node, enabled: '1', childrenNodes: enable(node.childrenNodes) }));
  await t.services.merchants.update('demo', demo.version, {
    ...demo.settings,
    whitelabel: enable(demo.settings.whitelabel),
  });

  const client = memberClient(t);
  const trial = await client.send({
    method: 'POST',
    url: '/wps/session/login/freeplay',
    moduleId: 'FREEPLAY3',
    payload: { os: 'Linux', platform: 'W', botCheck: await client.botCheck() },
  });
  tokens.set('trial member', trial.json().value.token);
  for (const [name, type] of [
    ['real member', 0],
    ['agent member', 1],
  ] as const) {
    const username = name.replace(' member', 'matrix');
    await t.services.members.create({
      merchantCode: 'demo',
      username,
      account: username,
      nickname: username,
      type,
      passwordHash: await hashPassword('Secret123'),
    });
    tokens.set(name, await client.login(username, 'Secret123'));
  }
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the authorization matrix', () => {
  // Sign-outs end the caller's session: they run last.
  const endsSession = (endpoint: EndpointDef) => endpoint.name === 'session.logout' || endpoint.name === 'admin.logout';
  const endpoints = [...allEndpoints.filter((e) => !endsSession(e)), ...allEndpoints.filter(endsSession)];
  const cells = endpoints.flatMap((endpoint) => callers.map((caller) => ({ endpoint, caller })));

  it('gives every endpoint × caller the answer its declaration says, and a refusal changes nothing', async () => {
    const refusals = cells.filter(({ endpoint, caller }) => expectedAnswer(endpoint, caller) !== 'allowed');
    const allowed = cells.filter(({ endpoint, caller }) => expectedAnswer(endpoint, caller) === 'allowed');
    const wrong: string[] = [];

    // The setup's events (registrations) are delivered first: only a refusal may not move anything.
    await t.services.events.drain();
    const before = await digest();
    let index = 0;
    for (const { endpoint, caller } of refusals) {
      const expected = expectedAnswer(endpoint, caller);
      const answer = await call(endpoint, caller, index++);
      if (answer.code !== expected) {
        wrong.push(`${endpoint.name} as ${callerName(caller)}: expected ${expected}, got ${answer.code}`);
      }
    }
    const after = await digest();
    expect(after).toEqual(before);

    for (const { endpoint, caller } of allowed) {
      const answer = await call(endpoint, caller, index++);
      if (ACCESS_CODES.includes(answer.code) || answer.status >= 500) {
        wrong.push(`${endpoint.name} as ${callerName(caller)}: expected allowed, got ${answer.status} ${answer.code}`);
      }
    }

    console.info(
      `authorization matrix: ${endpoints.length} endpoints × ${callers.length} callers = ${cells.length} cells ` +
        `(${refusals.length} refusals, ${allowed.length} allowed)`,
    );
    expect(wrong).toEqual([]);
  }, 600_000);
});
