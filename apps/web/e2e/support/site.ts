import { DEMO_OPERATOR, newPage, type TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';

/** The demo owner signed in to the back office on a desktop page of its own (the desk beside a member's page). */
export const signInDesk = async (browser: Browser, server: TestServer) => {
  const desk = await newPage(browser, { viewport: 'desktop' });
  await desk.page.goto(`${server.url}/admin/`);
  await desk.page.getByLabel('Username').fill(DEMO_OPERATOR.username);
  await desk.page.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await desk.page.getByRole('button', { name: 'Sign in' }).click();
  await desk.page.waitForURL(/\/admin\/(dashboard|merchants)/);
  return desk;
};

/** A fresh visitor (own storage and cookies) on a page of the site. */
export const openSite = async (
  browser: Browser,
  server: TestServer,
  path = '/',
  viewport: 'phone' | 'desktop' = 'desktop',
) => {
  const { context, page } = await newPage(browser, { viewport });
  await page.goto(`${server.url}${path}`);
  await page.locator('[data-shell="header"], [data-shell="agent-layout"]').first().waitFor();
  return { context, page };
};

export const dialog = (page: Page, name: string) => page.locator(`dialog[data-dialog="${name}"]`);

/** The session storage keys a login writes (api-facts 12.3). */
export const sessionOf = (page: Page) =>
  page.evaluate(() => Object.fromEntries(Object.entries(sessionStorage)) as Record<string, string>);

/** The header's member menu, present once member info has loaded. */
export const userMenu = (page: Page) => page.locator('[data-user-menu]');

/** Opens the login popup from the header. */
export const openLogin = async (page: Page) => {
  await page.locator('[data-shell="header"]').getByRole('button', { name: 'Login', exact: true }).click();
  await dialog(page, 'login').waitFor();
  return dialog(page, 'login');
};

/** Logs in by username and password through the popup. */
export const loginWithPassword = async (page: Page, username: string, password: string) => {
  const login = await openLogin(page);
  await login.getByLabel('Username').fill(username);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: 'Login', exact: true }).click();
  return login;
};

/** Logs in through the popup (password Secret123) and closes the welcome dialog: the member is on the site. */
export const signInMember = async (page: Page, username: string, password = 'Secret123') => {
  await loginWithPassword(page, username, password);
  await userMenu(page).waitFor();
  const welcome = dialog(page, 'after-login');
  await welcome.getByRole('button', { name: 'Start playing' }).click();
  await welcome.waitFor({ state: 'detached' });
};

/** Logs in (password Secret123) and leaves the after-login dialog by its "Start playing" button. */
export const signInToPlay = async (page: Page, username: string, password = 'Secret123') => {
  await loginWithPassword(page, username, password);
  const afterLogin = dialog(page, 'after-login');
  await afterLogin.waitFor();
  await afterLogin.getByRole('button', { name: 'Start playing' }).click();
};

/** Signs out through the member menu and its confirmation. */
export const signOut = async (page: Page) => {
  await userMenu(page).getByRole('button').first().click();
  await userMenu(page).getByRole('button', { name: 'Sign out' }).click();
  const confirm = dialog(page, 'logout');
  await confirm.waitFor();
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await userMenu(page).waitFor({ state: 'detached' });
};

/** The members row of an account. */
export const memberRow = async (server: TestServer, username: string) => {
  const rows = await server.query(
    'SELECT id, account, username, type, mobile_number, email, payee_name, must_change_password, totp_enabled, payment_password_hash, password_hash, referral_code, referred_by_id, upline_id, register_ip FROM members WHERE username = $1',
    [username.toLowerCase()],
  );
  const row = rows[0];
  if (!row) throw new Error(`no member ${username}`);
  return row;
};

/** The member's sessions, newest first. */
export const sessionsOf = (server: TestServer, memberId: string) =>
  server.query<{ id: string; revoked_at: Date | null }>(
    'SELECT id, revoked_at FROM member_sessions WHERE member_id = $1 ORDER BY created_at DESC',
    [memberId],
  );
