import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_SEED_OPTIONS, type TestApp } from '../test/test-app';
import { seedDemoOnce } from './seed';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});

/** Rows the demo seed writes, by table: what a second seed must never add to. */
const seededRows = async (app: TestApp) => {
  const { rows } = await app.database.pool.query<{ table: string; n: string }>(
    `SELECT 'content_items' AS table, count(*)::text AS n FROM content_items
     UNION ALL SELECT 'merchants', count(*)::text FROM merchants
     UNION ALL SELECT 'operators', count(*)::text FROM operators`,
  );
  return Object.fromEntries(rows.map((row) => [row.table, Number(row.n)]));
};

describe('the demo seed', () => {
  it('seeds once when three instances start on one database at the same time', async () => {
    const once = await createTestApp({}, { seed: false });
    apps.push(once);
    await seedDemoOnce(once.services, once.database.pool, DEMO_SEED_OPTIONS);
    const expected = await seededRows(once);
    expect(expected.content_items).toBeGreaterThan(0);

    // The merchant and its owner exist (as after a first start without content); three starts then race to seed.
    const racing = await createTestApp({}, { seed: false });
    apps.push(racing);
    await seedDemoOnce(racing.services, racing.database.pool, { ...DEMO_SEED_OPTIONS, content: false });
    await Promise.all([1, 2, 3].map(() => seedDemoOnce(racing.services, racing.database.pool, DEMO_SEED_OPTIONS)));
    expect(await seededRows(racing)).toEqual(expected);
  });
});
