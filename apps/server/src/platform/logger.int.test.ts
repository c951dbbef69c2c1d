import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { hashPassword } from './security/password';

let t: TestApp;
const lines: string[] = [];
const logged = () => lines.join('\n');

beforeAll(async () => {
  t = await createTestApp({}, { logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  lines.length = 0;
});

/** A failed statement as the app meets one, caught. */
const failure = async (work: () => Promise<unknown>): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
};

describe('an operator for a merchant that does not exist', () => {
  it('is a field error, creates nothing and logs no password hash', async () => {
    const owner = await t.operatorToken();
    lines.length = 0;
    const response = await t.request({
      method: 'POST',
      url: '/api/admin/operators',
      headers: { authorization: owner },
      payload: {
        username: 'nomerchant',
        displayName: 'No merchant',
        password: 'Nomerchant-Pass-123',
        role: 'support',
        merchantCode: 'no-such-merchant',
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'merchantCode', code: 'field_not_allowed' }],
    });
    const rows = await t.database.pool.query("SELECT 1 FROM operators WHERE username = 'nomerchant'");
    expect(rows.rowCount).toBe(0);
    expect(logged()).not.toContain('$argon2');
    expect(logged()).not.toContain('Nomerchant-Pass-123');
  });
});

describe('a failed statement in the log', () => {
  it('keeps its code and constraint and loses every parameter and the failing key', async () => {
    const hash = await hashPassword('Logged-Pass-123');
    const error = await failure(() =>
      t.database.pool.query(
        `INSERT INTO operators (username, display_name, password_hash, role, merchant_code)
         VALUES ('logged', 'Logged', $1, 'support', $2)`,
        [hash, 'merchant-secret-value'],
      ),
    );
    t.app.log.error({ err: error }, 'unhandled error');
    const [line] = lines.map((text) => JSON.parse(text));
    expect(logged()).not.toContain('$argon2');
    expect(logged()).not.toContain('merchant-secret-value');
    expect(logged()).toContain('23503');
    expect(logged()).toContain('operators_merchant_code_merchants_code_fk');
    expect(line.err.message).toContain('violates foreign key constraint');
  });

  it('drops the value PostgreSQL quotes in a data exception, under any depth of cause', async () => {
    const error = await failure(() => t.database.pool.query('SELECT $1::uuid', ['uuid-secret-value']));
    const wrapped = new Error('outer', { cause: new Error('middle', { cause: error }) });
    t.app.log.error({ err: wrapped }, 'unhandled error');
    expect(logged()).toContain('22P02');
    expect(logged()).toContain('invalid input syntax for type uuid');
    expect(logged()).not.toContain('uuid-secret-value');
  });
});

describe('the line of an answered request', () => {
  it('is one line with its id, method, path, status and time, and no query string, header or token (a refused one too)', async () => {
    const token = await t.operatorToken();
    lines.length = 0;
    const response = await t.request({
      method: 'GET',
      url: '/api/admin/merchants/demo?code=query-secret-value',
      headers: { authorization: token, 'x-request-id': 'line-test-1' },
    });
    const answered = lines.map((text) => JSON.parse(text)).filter((line) => line.msg === 'request completed');
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({
      level: 30,
      reqId: 'line-test-1',
      req: { id: 'line-test-1', method: 'GET', url: '/api/admin/merchants/demo' },
      res: { statusCode: response.statusCode },
    });
    expect(typeof answered[0].responseTime).toBe('number');
    expect(logged()).not.toContain('query-secret-value');
    expect(logged()).not.toContain(token);
  });
});
