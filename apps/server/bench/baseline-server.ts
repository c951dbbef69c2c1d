/**
 * The bare baseline of the benches (decision 0049): Fastify with no plugins, no logger and no hooks, on the same
 * PostgreSQL as the app, with the app's default pool size (10). Its routes are the least work each kind of app path
 * could do:
 *   GET  /healthz  and  GET /bare   no database
 *   GET  /select?id=N               one indexed SELECT (primary key)
 *   POST /update?id=N               one guarded single-statement UPDATE (a money movement's limit)
 *   POST /transaction?id=N          one PostgreSQL transaction: the guarded UPDATE and an INSERT of its entry
 * Run by harness.ts as its own process: DATABASE_URL and PORT.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const ACCOUNTS = 10_000;

await pool.query(`
  CREATE TABLE IF NOT EXISTS bench_accounts (id int PRIMARY KEY, name text NOT NULL, balance bigint NOT NULL);
  CREATE TABLE IF NOT EXISTS bench_entries (id bigserial PRIMARY KEY, account_id int NOT NULL, amount bigint NOT NULL,
                                            created_at timestamptz NOT NULL DEFAULT now());
  INSERT INTO bench_accounts SELECT i, 'account ' || i, 1000000000 FROM generate_series(1, ${ACCOUNTS}) i
  ON CONFLICT DO NOTHING;
  ANALYZE bench_accounts;`);

const idOf = (query: unknown): number => {
  const id = Number((query as { id?: string }).id);
  return Number.isInteger(id) && id >= 1 && id <= ACCOUNTS ? id : 1;
};

const app = Fastify();
app.get('/healthz', async () => ({ status: 'ok' }));
app.get('/bare', async () => ({ success: true, value: { status: 'ok' } }));
app.get('/select', async (request) => {
  const { rows } = await pool.query({
    name: 'select',
    text: 'SELECT id, name, balance FROM bench_accounts WHERE id = $1',
    values: [idOf(request.query)],
  });
  return { success: true, value: rows[0] };
});
app.post('/update', async (request) => {
  const { rows } = await pool.query({
    name: 'update',
    text: 'UPDATE bench_accounts SET balance = balance - 1 WHERE id = $1 AND balance >= 1 RETURNING balance',
    values: [idOf(request.query)],
  });
  return { success: true, value: rows[0] };
});
app.post('/transaction', async (request) => {
  const id = idOf(request.query);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query({
      name: 'update',
      text: 'UPDATE bench_accounts SET balance = balance - 1 WHERE id = $1 AND balance >= 1 RETURNING balance',
      values: [id],
    });
    await client.query({
      name: 'entry',
      text: 'INSERT INTO bench_entries (account_id, amount) VALUES ($1, -1)',
      values: [id],
    });
    await client.query('COMMIT');
    return { success: true, value: rows[0] };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
});

const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGTERM', () => void close());
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT ?? 9_400) });
