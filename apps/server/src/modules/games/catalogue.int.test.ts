import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createPgCaches } from '../../platform/cache';
import { type Catalogue, createCatalogue } from './catalogue';
import { createGamesRepository } from './games.repository';

let t: TestApp;
let other: Catalogue;
let otherCaches: ReturnType<typeof createPgCaches>;

beforeAll(async () => {
  t = await createTestApp();
  // A second server process's copy: its own cache listener on the same database.
  otherCaches = createPgCaches({
    pool: t.database.pool,
    onError: (error) => {
      throw error;
    },
  });
  await otherCaches.start();
  other = createCatalogue({
    caches: otherCaches,
    load: createGamesRepository(t.database.pool).catalogue,
    onError: (error) => {
      throw error;
    },
  });
});
afterAll(async () => {
  await otherCaches.stop();
  await t.close();
});

const firstRng = async (catalogue: Catalogue) =>
  (await catalogue.list('demo', { gameType: 'RNG' }, { offset: 0, limit: 1 })).rows[0];

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 50; i++) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

describe('the in-memory lobby catalogue', () => {
  it("follows another process's change at once, by notification", async () => {
    const before = await firstRng(other);
    expect(before).toBeDefined();
    const id = String(before?.id);
    await t.services.games.adminUpdateGame('demo', id, { enabled: false });
    expect(await until(async () => (await firstRng(other))?.id !== before?.id)).toBe(true);
    const listed = await other.list('demo', { gameType: 'RNG' }, { offset: 0, limit: 5_000 });
    expect(listed.rows.some((row) => String(row.id) === id)).toBe(false);

    await t.services.games.adminUpdateGame('demo', id, { enabled: true, names: { EN: 'Zyzzyva Lantern' } });
    expect(
      await until(async () => (await other.list('demo', { search: 'zyzzyva' }, { offset: 0, limit: 18 })).total === 1),
    ).toBe(true);
  });

  it('pages the same games, in the same order, as the SQL of the back office', async () => {
    const memory = await other.list('demo', { gameType: 'RNG', vendorCode: 'PT' }, { offset: 18, limit: 18 });
    const sql = await createGamesRepository(t.database.pool).listGames(
      'demo',
      { gameType: 'RNG', vendorCode: 'PT' },
      { offset: 18, limit: 18 },
    );
    expect(memory.total).toBe(sql.total);
    expect(memory.rows.map((row) => row.id)).toEqual(sql.rows.map((row) => row.id));
  });
});
