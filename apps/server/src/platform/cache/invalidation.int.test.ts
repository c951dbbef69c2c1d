import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { waitFor } from '../../../test/wait-for';
import { createPgCaches } from './invalidation';

// Two instances' cache buses on one private database.
let database: TestDatabase;
let one: ReturnType<typeof createPgCaches>;
let two: ReturnType<typeof createPgCaches>;
const seenByTwo: (string | null)[] = [];
const seenByOne: (string | null)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  one = createPgCaches({ pool: database.pool });
  two = createPgCaches({ pool: database.pool });
  one.channel('settings', (scope) => seenByOne.push(scope));
  two.channel('settings', (scope) => seenByTwo.push(scope));
  await one.start();
  await two.start();
});
afterAll(async () => {
  await one.stop();
  await two.stop();
  await database.drop();
});

describe('cache invalidation through PostgreSQL', () => {
  it("reaches the other instance's cache of the same name, and not the sender twice", async () => {
    seenByOne.length = 0;
    seenByTwo.length = 0;
    const shared = one.keyed<string>('merchants', { ttlMs: 60_000 });
    const other = two.keyed<string>('merchants', { ttlMs: 60_000 });
    await other.get('demo', async () => 'old');
    await shared.invalidate('demo');
    await waitFor(async () => (await other.get('demo', async () => 'new')) === 'new', 2000);
    // The sender drops its own copy once, at the call; the other instance once, by notification.
    const settings = one.channel('settings-of-one', (scope) => seenByOne.push(scope));
    two.channel('settings-of-one', (scope) => seenByTwo.push(scope));
    await settings('demo');
    await waitFor(async () => seenByTwo.length === 1, 2000);
    // A long scope still reaches the others, widened to everything.
    const invalidate = one.channel('long', () => {});
    const received: (string | null)[] = [];
    two.channel('long', (scope) => received.push(scope));
    await invalidate('x'.repeat(9000));
    await waitFor(async () => received.length === 1, 2000);
    expect(received).toEqual([null]);
    expect(seenByOne).toEqual(['demo']);
    expect(seenByTwo).toEqual(['demo']);
  });

  it('empties every cache when its listener is lost, and hears invalidations again once it listens anew', async () => {
    seenByTwo.length = 0;
    await database.pool.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'tessera-cache' AND datname = current_database()",
    );
    await waitFor(async () => seenByTwo.filter((scope) => scope === null).length >= 2, 5000);
    const invalidate = one.channel('after-reconnect', () => {});
    const received: (string | null)[] = [];
    two.channel('after-reconnect', (scope) => received.push(scope));
    await waitFor(async () => {
      await invalidate('demo');
      return received.includes('demo');
    }, 5000);
  });
});
