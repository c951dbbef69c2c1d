import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { migrationsDir } from '../paths';
import { runMigrations } from './migrate';

it('applies migrations once when three instances start at the same time', async () => {
  const serverUrl = inject('pgServerUrl');
  const name = `m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const pools = [1, 2, 3].map(() => {
    const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
    pool.on('error', () => {});
    return pool;
  });
  try {
    await Promise.all(pools.map((pool) => runMigrations(pool)));
    const first = pools[0] as pg.Pool;
    const applied = await first.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    const files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql'));
    expect(applied.rows[0].n).toBe(files.length);
    const tables = await first.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'merchants'");
    expect(tables.rows[0].n).toBe(1);
    await runMigrations(first);
    expect((await first.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations')).rows[0].n).toBe(
      files.length,
    );
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
  }
});
