import { DEMO_OPERATOR } from '@tessera/testkit';
import type { Page } from 'playwright-core';

/**
 * Signs an operator in through the login page, then opens the merchants list: operators who read figures land on
 * the dashboard, the others on the list.
 */
export const signIn = async (
  page: Page,
  baseUrl: string,
  operator: { username: string; password: string },
): Promise<void> => {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/admin\/(dashboard|merchants)/);
  if (!new URL(page.url()).pathname.endsWith('/merchants')) await page.goto(`${baseUrl}/admin/merchants`);
  await page.locator('[data-merchant="demo"]').waitFor();
};

/** Signs the demo owner in through the login page and opens the merchants list. */
export const signInAsOwner = (page: Page, baseUrl: string): Promise<void> => signIn(page, baseUrl, DEMO_OPERATOR);
