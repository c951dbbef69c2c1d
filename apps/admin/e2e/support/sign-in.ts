import { DEMO_OPERATOR } from '@tessera/testkit';
import type { Page } from 'playwright-core';

/** Signs the demo owner in through the login page and waits for the merchants list. */
export const signInAsOwner = async (page: Page, baseUrl: string): Promise<void> => {
  await page.goto(`${baseUrl}/admin/`);
  await page.getByLabel('Username').fill(DEMO_OPERATOR.username);
  await page.getByLabel('Password').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-merchant="demo"]').waitFor();
};
