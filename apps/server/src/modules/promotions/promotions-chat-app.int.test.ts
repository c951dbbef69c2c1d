import { promotionInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { CHAT_LINKS_PER_HOUR } from './promotions.service';

/**
 * The chat-app reward (spec section 9, decision 0151) on the real PostgreSQL: a member links its Telegram username,
 * an operator of the merchant approves it (the reward paid once, through the bonus wallet and the ledger) or rejects
 * it with a note; a handle is never linked by two members of a merchant, a member is paid at most once, bad input
 * and a flood of links are refused with nothing written, and a member or operator reaches only its own.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let tokens: Record<string, string> = {};
const members: Record<string, { memberId: string; token: string }> = {};
const tokenOf = (as: string) => members[as]?.token ?? '';
const idOf = (as: string) => members[as]?.memberId ?? '';

interface Promo {
  id: string;
  state: string;
  ticketId: string | null;
  chatApp: string | null;
  chatHandle: string | null;
  reviewNote: string | null;
}
interface Application {
  id: string;
  account: string;
  status: string;
  chatApp: string | null;
  chatHandle: string | null;
}
interface Answer {
  statusCode: number;
  body: string;
  json: () => {
    success: boolean;
    errorCode?: string;
    value?: unknown;
    fieldErrors?: { path: string; code: string; params?: unknown }[];
  };
}

const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>, as = 'owner', code = 'demo') =>
  t.request({
    method,
    url: `/api/admin/merchants/${code}${url}`,
    headers: { authorization: tokens[as] ?? '' },
    ...(payload ? { payload } : {}),
  }) as Promise<Answer>;
const link = (as: string, promotionId: string, handle: string, chatApp = 'telegram') =>
  client.send({
    method: 'POST',
    url: '/wps/promotions/chat-app',
    moduleId: 'COMM3',
    token: tokenOf(as),
    payload: { promotionId, chatApp, handle },
  }) as Promise<Answer>;
const cancel = (as: string, ticketId: string) =>
  client.send({
    method: 'POST',
    url: '/wps/relay/MCSFE_cancelTicket',
    moduleId: 'COMM3',
    token: tokenOf(as),
    payload: { ticketId },
  }) as Promise<Answer>;
const mine = async (as: string, id: string) =>
  (
    (await client.send({ method: 'GET', url: '/wps/promotions/list', moduleId: 'COMM3', token: tokenOf(as) })).json()
      .value.list as Promo[]
  ).find((p) => p.id === id);
const review = (entryId: string, decision: 'approve' | 'reject', note = '', as = 'owner', code = 'demo') =>
  admin('POST', `/promotion-applications/${entryId}`, { decision, note }, as, code);
const queue = async (status = 'applying', as = 'owner', code = 'demo') => {
  const answer = await admin(
    'GET',
    `/promotion-applications?status=${status}&pageNo=1&pageSize=50`,
    undefined,
    as,
    code,
  );
  expect(answer.json().success, answer.body).toBe(true);
  return (answer.json().value as { list: Application[] }).list;
};
const create = async (title: string, values: Record<string, unknown> = {}) => {
  const answer = await admin(
    'POST',
    '/promotions',
    promotionInput({
      kind: 'chat_app',
      category: 'special',
      fixedAmount: '25',
      texts: { EN: { title, summary: '', content: '', imageUrl: '' } },
      ...values,
    }),
  );
  expect(answer.json().success, answer.body).toBe(true);
  return (answer.json().value as { id: string }).id;
};
const outcome = (answer: Answer) => {
  const body = answer.json();
  if (body.success) return 'ok';
  return body.errorCode === 'validation_failed' ? (body.fieldErrors?.[0]?.code ?? 'validation_failed') : body.errorCode;
};
const mainBalance = async (as: string) =>
  (
    await t.services.ledger.balance({
      merchantCode: 'demo',
      currency: 'USD',
      account: { member: idOf(as), wallet: 'main' },
    })
  ).balance;

/** Everything a refused request must leave alone. */
const snapshot = async () => {
  const count = async (sql: string) => (await t.database.pool.query<{ n: number }>(sql)).rows[0]?.n ?? 0;
  return {
    entries: await count('SELECT count(*)::int AS n FROM promotion_entries'),
    links: await count(
      "SELECT count(*)::int || ':' || coalesce(string_agg(chat_handle || status, ',' ORDER BY id), '') AS n FROM promotion_entries WHERE chat_handle IS NOT NULL",
    ),
    bonuses: await count('SELECT count(*)::int AS n FROM bonuses'),
    postings: await count('SELECT count(*)::int AS n FROM ledger_transactions'),
    audit: await count("SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'promotion.application%'"),
  };
};

beforeAll(async () => {
  t = await createTestApp({}, { events: { deliver: false } });
  client = memberClient(t);
  await merchantLikeDemo(t, 'yen', { name: 'Yen', currency: 'JPY' });
  tokens = await signInOperators(t, [{ name: 'yenowner', role: 'owner', merchantCode: 'yen' }]);
  tokens.owner = await t.operatorToken();
  const names = ['chpaid', 'chother', 'chrej', 'chrace', 'chflood', 'chbad', 'chpriv', 'chpeek'];
  names.push(...Array.from({ length: 8 }, (_, i) => `chmany${i}`));
  for (const name of names) members[name] = await fundedMember(t, client, name, 1n);
}, 300_000);

afterAll(async () => {
  await closeReconciled(t);
}, 120_000);

describe('the chat-app reward', () => {
  it('is linked by the member, approved by the operator, and paid once through the ledger', async () => {
    const id = await create('Join us on Telegram');
    const before = await mainBalance('chpaid');
    const linked = await link('chpaid', id, '  @Lucky_Player1 ');
    expect(linked.json().success, linked.body).toBe(true);
    const view = linked.json().value as Promo;
    expect(view).toMatchObject({ state: 'applying', chatApp: 'telegram', chatHandle: 'lucky_player1' });
    expect(view.ticketId).not.toBeNull();

    const waiting = (await queue()).find((a) => a.account === 'chpaid');
    expect(waiting).toMatchObject({ chatApp: 'telegram', chatHandle: 'lucky_player1', status: 'applying' });
    const approved = await review(waiting?.id ?? '', 'approve');
    expect(approved.json().success, approved.body).toBe(true);
    expect(approved.json().value).toMatchObject({ status: 'issued', chatHandle: 'lucky_player1' });

    // A wagering multiple of 0 releases the bonus to the main wallet at once: 25.00 USD.
    expect((await mainBalance('chpaid')) - before).toBe(2500n);
    expect(await mine('chpaid', id)).toMatchObject({ chatHandle: 'lucky_player1' });
    const audited = await t.database.pool.query(
      "SELECT details FROM audit_log WHERE action = 'promotion.application_approve' AND target = $1",
      [`member:${idOf('chpaid')}`],
    );
    expect(audited.rows[0]?.details).toMatchObject({ chatApp: 'telegram', chatHandle: 'lucky_player1' });

    const state = await snapshot();
    expect(outcome(await review(waiting?.id ?? '', 'approve'))).toBe('promotion_application_decided');
    expect(outcome(await link('chpaid', id, 'another_handle'))).toBe('promotion_already_joined');
    // A second chat-app promotion pays the same member nothing: one live link per member and app.
    const second = await create('Telegram again');
    expect(outcome(await link('chpaid', second, 'another_handle'))).toBe('chat_app_already_linked');
    expect(await snapshot()).toEqual(state);
  });

  it('refuses a handle another member of the merchant linked, until that link is rejected', async () => {
    const id = await create('Telegram friends');
    expect(outcome(await link('chrej', id, 'shared_name'))).toBe('ok');
    const state = await snapshot();
    // The same handle in other spellings is the same handle.
    for (const spelling of ['shared_name', '@SHARED_name', ' Shared_Name ']) {
      const refused = await link('chother', id, spelling);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fieldErrors).toEqual([{ path: 'handle', code: 'chat_handle_taken' }]);
    }
    expect(await snapshot()).toEqual(state);

    const entry = (await queue()).find((a) => a.account === 'chrej');
    // A link is rejected with the reason the member reads: none given is refused on its field, nothing decided.
    const bare = await review(entry?.id ?? '', 'reject', '  ');
    expect(bare.json().fieldErrors).toEqual([{ path: 'note', code: 'not_empty' }]);
    expect(await snapshot()).toEqual(state);
    expect(outcome(await review(entry?.id ?? '', 'reject', 'No such Telegram user'))).toBe('ok');
    expect(await mine('chrej', id)).toMatchObject({ state: 'rejected', reviewNote: 'No such Telegram user' });

    // The rejected handle is free for the other member; the rejected member links again with another one.
    expect(outcome(await link('chother', id, 'shared_name'))).toBe('ok');
    expect(outcome(await link('chrej', id, 'shared_name'))).toBe('chat_handle_taken');
    const again = await link('chrej', id, 'my_real_name');
    expect(again.json().value).toMatchObject({ state: 'applying', chatHandle: 'my_real_name', reviewNote: null });
  });

  it('admits exactly one of eight members linking the same handle at once', async () => {
    const id = await create('Telegram rush');
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => link(`chmany${i}`, id, 'everyones_handle')));
    const outcomes = answers.map(outcome).sort();
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'chat_handle_taken')).toHaveLength(7);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM promotion_entries WHERE chat_handle = 'everyones_handle'",
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('pays exactly once when ten approvals of one link race', async () => {
    const id = await create('Telegram race', { fixedAmount: '7.5', wageringMultiple: 2 });
    expect(outcome(await link('chrace', id, 'race_handle'))).toBe('ok');
    const entry = (await queue()).find((a) => a.account === 'chrace');
    const before = await snapshot();
    const answers = await Promise.all(Array.from({ length: 10 }, () => review(entry?.id ?? '', 'approve')));
    const outcomes = answers.map(outcome);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'promotion_application_decided')).toHaveLength(9);
    const after = await snapshot();
    expect(after.bonuses - before.bonuses).toBe(1);
    expect(after.audit - before.audit).toBe(1);
    const { rows } = await t.database.pool.query(
      'SELECT amount::text AS amount, requirement::text AS requirement FROM bonuses WHERE member_id = $1',
      [idOf('chrace')],
    );
    // The promotion's wagering applies: 7.50 with a requirement of twice the bonus.
    expect(rows).toEqual([{ amount: '750', requirement: '1500' }]);
  });

  it('refuses bad input on its field, and a flood of links, writing nothing', async () => {
    const id = await create('Telegram checks');
    const state = await snapshot();
    const cases: [string, string, { path: string; code: string }][] = [
      ['', 'telegram', { path: 'handle', code: 'not_empty' }],
      ['@', 'telegram', { path: 'handle', code: 'not_empty' }],
      ['abcd', 'telegram', { path: 'handle', code: 'chat_handle_invalid' }],
      ['1abcde', 'telegram', { path: 'handle', code: 'chat_handle_invalid' }],
      ['abcde_', 'telegram', { path: 'handle', code: 'chat_handle_invalid' }],
      ['abc def', 'telegram', { path: 'handle', code: 'chat_handle_invalid' }],
      [`a${'b'.repeat(32)}`, 'telegram', { path: 'handle', code: 'chat_handle_invalid' }],
      ['good_handle', 'whatsapp', { path: 'chatApp', code: 'field_not_allowed' }],
    ];
    for (const [handle, chatApp, error] of cases) {
      const refused = await link('chbad', id, handle, chatApp);
      expect(refused.statusCode, handle).toBe(400);
      expect(refused.json().errorCode, handle).toBe('validation_failed');
      expect(refused.json().fieldErrors, handle).toEqual([expect.objectContaining(error)]);
    }
    expect(outcome(await link('chbad', '00000000-0000-4000-8000-000000000000', 'good_handle'))).toBe('not_found');
    expect(await snapshot()).toEqual(state);

    // Linking and withdrawing over and over: CHAT_LINKS_PER_HOUR links an hour, then refused with nothing written.
    for (let i = 0; i < CHAT_LINKS_PER_HOUR; i++) {
      const linked = await link('chflood', id, `flood_handle_${i}`);
      expect(linked.json().success, linked.body).toBe(true);
      expect(outcome(await cancel('chflood', (linked.json().value as Promo).ticketId ?? ''))).toBe('ok');
    }
    const flooded = await link('chflood', id, 'flood_handle_x');
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().errorCode).toBe('too_many_requests');
    expect(await snapshot()).toEqual(state);
  });

  it('shows a member only its own link, and an operator only its own merchant', async () => {
    const id = await create('Telegram privacy');
    const linked = await link('chpriv', id, 'private_handle');
    const ticketId = (linked.json().value as Promo).ticketId ?? '';
    expect(await mine('chpeek', id)).toMatchObject({ state: 'join', chatHandle: null, chatApp: null, ticketId: null });
    expect(outcome(await cancel('chpeek', ticketId))).toBe('not_found');

    const state = await snapshot();
    const entry = (await queue()).find((a) => a.account === 'chpriv');
    expect(await queue('applying', 'yenowner', 'yen')).toEqual([]);
    const crossed = await review(entry?.id ?? '', 'approve', '', 'yenowner', 'yen');
    expect(crossed.statusCode).toBe(404);
    const outside = await review(entry?.id ?? '', 'approve', '', 'yenowner', 'demo');
    expect(outside.statusCode).toBe(404);
    const peek = await admin('GET', '/promotion-applications?status=applying', undefined, 'yenowner', 'demo');
    expect(peek.statusCode).toBe(404);
    expect(await snapshot()).toEqual(state);
    expect(await mine('chpriv', id)).toMatchObject({ state: 'applying', chatHandle: 'private_handle' });
  });

  it('is configured up to 131,000 in the merchant currency, no more', async () => {
    const over = await admin(
      'POST',
      '/promotions',
      promotionInput({
        kind: 'chat_app',
        fixedAmount: '131000.01',
        texts: { EN: { title: 'Too generous', summary: '', content: '', imageUrl: '' } },
      }),
    );
    expect(over.json().fieldErrors).toEqual([
      { path: 'fixedAmount', code: 'field_too_large', params: { max: '131000' } },
    ]);
    await create('Most generous', { fixedAmount: '131000' });
  });
});
