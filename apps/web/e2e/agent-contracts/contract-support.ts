import { DEMO_OPERATOR, launchBrowser, startTestServer, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { memberApi } from '../support/member-api';
import { moneyApi } from '../support/money';

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode: string | null;
}

/** The contract journeys' calls to set up their starting point (the journeys themselves go through the pages). */
export const contractJourneyApi = (server: TestServer, api: ReturnType<typeof memberApi>) => {
  const operator = async <T>(method: string, route: string, body?: unknown): Promise<Envelope<T>> => {
    const login = await fetch(`${server.url}/api/admin/session/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_OPERATOR),
    });
    const token = ((await login.json()) as Envelope<{ token: string }>).value.token;
    const response = await fetch(`${server.url}/api/admin/merchants/demo${route}`, {
      method,
      headers: { Authorization: token, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as Envelope<T>;
  };

  const site = async <T>(token: string, route: string, moduleId: string, body?: unknown): Promise<Envelope<T>> => {
    const response = await fetch(`${server.url}${route}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: token, ModuleId: moduleId, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return (await response.json()) as Envelope<T>;
  };

  /** A member made an agent by the operator; returns its token, affiliate code and member id. */
  const agent = async (account: string, mobile: string, extra: Record<string, unknown> = {}) => {
    const registered = await api.registerByUsername(account, 'Secret123', mobile, extra);
    const application = await site<{ id: string }>(registered.token, '/wps/agent/application', 'AFFMAN3', {
      contactName: account,
      contactMobile: `+65 ${mobile}`,
      message: '',
    });
    expect(application.success).toBe(true);
    const decided = await operator('POST', `/agent-applications/${application.value.id}/decision`, {
      approve: true,
      agentType: 1,
    });
    expect(decided.success).toBe(true);
    const code = (await site<{ affiliateCode: string }>(registered.token, '/wps/agent/link', 'REGCEN')).value
      .affiliateCode;
    return { token: registered.token, code, id: registered.member.id };
  };

  /** Waits until the tree (member.registered, delivered by events) holds every account under an upline. */
  const placed = async (accounts: string[]) =>
    expect
      .poll(
        async () =>
          (
            await server.query('SELECT 1 FROM agent_nodes WHERE lower(account) = ANY($1) AND parent_id IS NOT NULL', [
              accounts.map((account) => account.toLowerCase()),
            ])
          ).length,
        { timeout: 30_000 },
      )
      .toBe(accounts.length);

  return { operator, site, agent, placed };
};

/** An agent-centre menu item. */
export const menuItem = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).first();

/** Whether the page fits its viewport's width. */
export const fits = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** Waits until the named dialog has faded in (its opacity reaches 1), for a screenshot that shows it. */
export const fadedIn = (page: Page, name: string) =>
  page.waitForFunction((dialogName) => {
    const shown = document.querySelector(`dialog[data-dialog="${dialogName}"]`);
    return shown !== null && getComputedStyle(shown).opacity === '1';
  }, name);

/**
 * A contract journey file's server and browser (started in `beforeAll`, stopped in `afterAll`) with the member, money
 * and contract calls over them; read its fields inside the tests.
 */
export const contractJourneySuite = () => {
  const suite = {} as {
    server: TestServer;
    browser: Browser;
    api: ReturnType<typeof memberApi>;
    money: ReturnType<typeof moneyApi>;
    journey: ReturnType<typeof contractJourneyApi>;
  };
  beforeAll(async () => {
    suite.server = await startTestServer();
    suite.browser = await launchBrowser();
    suite.api = memberApi(suite.server);
    suite.money = moneyApi(suite.server);
    suite.journey = contractJourneyApi(suite.server, suite.api);
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
};
