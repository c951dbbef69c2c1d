import type { TestServer } from '@tessera/testkit';
import type { Page } from 'playwright-core';

export interface DemoGame {
  id: number;
  name: string;
  game_code: string;
  vendor_code: string;
  game_type: string;
}

/** The first demo game matching a condition on `g` (games) and `v` (game_vendors), in catalogue order. */
export const demoGame = async (server: TestServer, where: string): Promise<DemoGame> => {
  const rows = await server.query<DemoGame>(
    `SELECT g.id, g.names->>'EN' AS name, g.game_code, g.vendor_code, g.game_type
       FROM games g JOIN game_vendors v ON v.code = g.vendor_code
      WHERE ${where}
      ORDER BY g.sort, g.id LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no demo game where ${where}`);
  return row;
};

/** The cards of the lobby grid on the page. */
export const gridCards = (page: Page) => page.locator('[data-game-grid] [data-game]');

/** Finds a game through the home lobby's search box and returns its card. */
export const searchCard = async (page: Page, baseUrl: string, game: DemoGame) => {
  await page.goto(`${baseUrl}/`);
  await page.locator('[data-game-search]').fill(game.name);
  const card = page.locator(`[data-game-grid] [data-game="${game.id}"]`);
  await card.waitFor();
  return card;
};

/**
 * Plays a game from the home lobby (search, PLAY NOW) into the site's /seamless page; returns the game frame's
 * address and its content.
 */
export const playFromLobby = async (page: Page, baseUrl: string, game: DemoGame) => {
  const card = await searchCard(page, baseUrl, game);
  await card.getByRole('button', { name: 'PLAY NOW' }).click();
  await page.waitForURL((url) => url.pathname === '/seamless');
  const frame = page.locator('iframe[data-game-frame]');
  await frame.waitFor();
  return {
    src: new URL((await frame.getAttribute('src')) ?? ''),
    content: page.frameLocator('iframe[data-game-frame]'),
  };
};
