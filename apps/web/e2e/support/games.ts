import type { TestServer } from '@tessera/testkit';
import type { Browser, Page } from 'playwright-core';
import { memberApi } from './member-api';
import { moneyApi, waitForHeaderBalance } from './money';
import { openSite, signInMember } from './site';

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

/**
 * A new member with 100.00, signed in on a desktop page, playing the first demo game matching `where` in the
 * platform's /seamless frame.
 */
export const memberPlayingSeamlessGame = async (
  browser: Browser,
  server: TestServer,
  member: { username: string; mobile: string; where: string },
) => {
  const registered = await memberApi(server).registerByUsername(member.username, 'Secret123', member.mobile);
  await moneyApi(server).adjust(registered.member.id, '100.00');
  const game = await demoGame(server, member.where);
  const { context, page } = await openSite(browser, server, '/');
  await signInMember(page, member.username);
  await waitForHeaderBalance(page, '100.00');
  const played = await playFromLobby(page, server.url, game);
  return { member: registered.member, game, context, page, src: played.src, frame: played.content };
};
