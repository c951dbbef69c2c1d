import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let desk: Record<string, string>;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', as: string, path = '', payload?: object, code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}/canned-replies${path}`,
    headers: { authorization: desk[as] ?? '' },
    ...(payload ? { payload } : {}),
  });
const stored = async () =>
  (
    await t.database.pool.query<{ merchant_code: string; shortcut: string; body: string }>(
      'SELECT merchant_code, shortcut, body FROM contact_canned_replies ORDER BY merchant_code, shortcut',
    )
  ).rows;
const audited = async (target: string) =>
  (
    await t.database.pool.query<{ action: string; operator_username: string; details: Record<string, unknown> }>(
      'SELECT action, operator_username, details FROM audit_log WHERE target = $1 ORDER BY id',
      [target],
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp();
  await merchantLikeDemo(t, 'other');
  desk = await signInOperators(t, [
    { name: 'demodesk', role: 'support', merchantCode: 'demo' },
    { name: 'otherdesk', role: 'support', merchantCode: 'other' },
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('canned replies', () => {
  let id: string;

  it('are created, listed, replaced and removed by the desk, each change audited with its operator', async () => {
    const created = (
      await call('POST', 'demodesk', '', {
        shortcut: ' Deposit-Late ',
        title: 'Late deposit',
        body: 'Deposits by bank transfer can take up to 30 minutes.',
        language: 'EN',
      })
    ).json();
    expect(created.success, JSON.stringify(created)).toBe(true);
    // The shortcut is kept trimmed and in lower case: what the operator types after "/".
    expect(created.value).toMatchObject({
      shortcut: 'deposit-late',
      title: 'Late deposit',
      language: 'EN',
      createdBy: 'demodeskop',
      updatedBy: 'demodeskop',
    });
    id = created.value.id;
    await call('POST', 'owner', '', {
      shortcut: 'hello',
      title: 'Greeting',
      body: 'Hello! How can I help?',
      language: null,
    });

    const list = (await call('GET', 'support')).json().value;
    expect(list.map((row: { shortcut: string }) => row.shortcut)).toEqual(['deposit-late', 'hello']);

    const updated = (
      await call('PUT', 'support', `/${id}`, {
        shortcut: 'late',
        title: 'Late deposit',
        body: 'Bank transfers can take up to an hour.',
        language: 'EN',
      })
    ).json();
    expect(updated.value).toMatchObject({ shortcut: 'late', createdBy: 'demodeskop', updatedBy: 'supportop' });
    expect((await call('DELETE', 'demodesk', `/${id}`)).json()).toMatchObject({ success: true, value: null });
    expect((await stored()).map((row) => row.shortcut)).toEqual(['hello']);

    const audit = await audited(`canned:${id}`);
    expect(audit.map((row) => [row.action, row.operator_username])).toEqual([
      ['chat.canned_create', 'demodeskop'],
      ['chat.canned_update', 'supportop'],
      ['chat.canned_delete', 'demodeskop'],
    ]);
    expect(audit[1]?.details).toMatchObject({
      before: { shortcut: 'deposit-late' },
      after: { shortcut: 'late', body: 'Bank transfers can take up to an hour.' },
    });
  });

  it('refuses bad input field by field, and a shortcut the merchant already uses, changing nothing', async () => {
    const before = await stored();
    const bad = (
      await call('POST', 'support', '', {
        shortcut: 'two words',
        title: '',
        body: 'x'.repeat(1001),
        language: 'XX',
      })
    ).json();
    expect(bad).toMatchObject({ success: false, errorCode: 'validation_failed' });
    const paths = Object.fromEntries(
      bad.fieldErrors.map((error: { path: string; code: string }) => [error.path, error.code]),
    );
    expect(paths).toEqual({
      shortcut: 'field_not_allowed',
      title: 'not_empty',
      body: 'field_too_long',
      language: 'field_not_allowed',
    });
    const taken = (
      await call('POST', 'support', '', { shortcut: 'HELLO', title: 'Again', body: 'Hi', language: null })
    ).json();
    expect(taken).toMatchObject({
      success: false,
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'shortcut', code: 'shortcut_taken' }],
    });
    const second = (
      await call('POST', 'support', '', { shortcut: 'bye', title: 'Bye', body: 'Goodbye.', language: null })
    ).json().value;
    const renamed = (
      await call('PUT', 'support', `/${second.id}`, {
        shortcut: 'hello',
        title: 'Bye',
        body: 'Goodbye.',
        language: null,
      })
    ).json();
    expect(renamed.fieldErrors).toEqual([{ path: 'shortcut', code: 'shortcut_taken' }]);
    expect(await stored()).toEqual(
      [...before, { merchant_code: 'demo', shortcut: 'bye', body: 'Goodbye.' }].sort((a, b) =>
        a.shortcut.localeCompare(b.shortcut),
      ),
    );
  });

  it("keeps merchants apart: another merchant's operator neither sees nor changes them, and may use the same shortcut", async () => {
    const demoReply = (await call('GET', 'demodesk')).json().value[0];
    // An operator of another merchant cannot reach this merchant's list at all.
    expect((await call('GET', 'otherdesk')).json()).toMatchObject({ success: false });
    // Through its own merchant, the demo reply's id is not found, for change and removal.
    const payload = { shortcut: 'hijack', title: 'x', body: 'x', language: null };
    expect((await call('PUT', 'otherdesk', `/${demoReply.id}`, payload, 'other')).json()).toMatchObject({
      success: false,
      errorCode: 'not_found',
    });
    expect((await call('DELETE', 'otherdesk', `/${demoReply.id}`, undefined, 'other')).json()).toMatchObject({
      success: false,
      errorCode: 'not_found',
    });
    // Even an operator of every merchant, addressing the other merchant, does not reach the demo's reply.
    expect((await call('PUT', 'owner', `/${demoReply.id}`, payload, 'other')).json().errorCode).toBe('not_found');
    expect((await call('GET', 'otherdesk', '', undefined, 'other')).json().value).toEqual([]);
    const same = (
      await call(
        'POST',
        'otherdesk',
        '',
        { shortcut: demoReply.shortcut, title: 'Hi', body: 'Hi', language: null },
        'other',
      )
    ).json();
    expect(same.success, JSON.stringify(same)).toBe(true);
    const rows = await stored();
    expect(rows.find((row) => row.merchant_code === 'demo' && row.shortcut === demoReply.shortcut)?.body).toBe(
      demoReply.body,
    );
    expect(rows.filter((row) => row.shortcut === demoReply.shortcut).map((row) => row.merchant_code)).toEqual([
      'demo',
      'other',
    ]);
  });

  it('is read by roles with the chat permission and written by those that answer chats; finance neither', async () => {
    expect((await call('GET', 'finance')).statusCode).toBe(403);
    expect(
      (await call('POST', 'finance', '', { shortcut: 'nope', title: 'x', body: 'x', language: null })).statusCode,
    ).toBe(403);
    expect((await call('GET', 'content')).statusCode).toBe(403);
    expect((await stored()).some((row) => row.shortcut === 'nope')).toBe(false);
  });
});
