import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, signInOperators } from '../../../test/back-office';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { inTransaction } from '../../platform/db/transaction';
import { emit, subscribe } from '../../platform/events';

let t: TestApp;
let tokens: Record<string, string>;
let broken = true;
const handled: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      events: {
        deliver: false,
        subscribers: [
          subscribe('test.flaky', 'member.registered', async (payload) => {
            if (broken) throw new Error('not today');
            handled.push(payload.memberId);
          }),
        ],
      },
    },
  );
  await merchantLikeDemo(t, 'other');
  tokens = await signInOperators(t, [{ name: 'otherRisk', role: 'risk', merchantCode: 'other' }]);
});
afterAll(async () => {
  await t.close();
});

const list = (as: string, code = 'demo') =>
  t.request({
    method: 'GET',
    url: `/api/admin/merchants/${code}/event-dead-letters`,
    headers: { authorization: tokens[as] ?? '' },
  });
const retry = (as: string, body: { subscriber: string; eventId: string }, code = 'demo') =>
  t.request({
    method: 'POST',
    url: `/api/admin/merchants/${code}/event-dead-letters/retry`,
    headers: { authorization: tokens[as] ?? '' },
    payload: body,
  });

describe('back office: dead letters of events', () => {
  it("lists a merchant's dead letters to its operators and sends one again", async () => {
    await inTransaction(t.database.pool, (client) =>
      emit(client, 'member.registered', { merchantCode: 'demo', memberId: 'm-1', uplineId: null, referredById: null }),
    );
    await t.services.events.drain();
    // Every attempt failed: the failure is a dead letter now.
    await t.database.pool.query(
      "UPDATE event_failures SET attempts = 5, dead_at = now() WHERE subscriber = 'test.flaky'",
    );

    const owner = (await list('owner')).json();
    expect(owner.success).toBe(true);
    expect(owner.value.list).toHaveLength(1);
    const letter = owner.value.list[0];
    expect(letter).toMatchObject({
      subscriber: 'test.flaky',
      event: 'member.registered',
      attempts: 5,
      lastError: 'Error: not today',
    });
    expect((await list('risk')).json().value.list).toHaveLength(1);
    expect((await list('support')).json().errorCode).toBe('forbidden');
    expect((await list('otherRisk')).json().errorCode).toBe('not_found');
    expect((await list('otherRisk', 'other')).json().value.list).toHaveLength(0);

    const body = { subscriber: 'test.flaky', eventId: letter.eventId as string };
    expect((await retry('risk', body)).json().errorCode).toBe('forbidden');
    expect((await retry('owner', body, 'other')).json().errorCode).toBe('not_found');
    expect((await retry('owner', { ...body, eventId: '999999' })).json().errorCode).toBe('not_found');
    expect((await retry('owner', { ...body, eventId: 'x' })).json().errorCode).toBe('validation_failed');
    expect(handled).toEqual([]);
    const audited = async () =>
      (
        await t.database.pool.query(
          "SELECT target, merchant_code FROM audit_log WHERE action = 'events.dead_letter_retry' ORDER BY id",
        )
      ).rows;
    // Refusals changed nothing and recorded nothing.
    expect(await audited()).toEqual([]);

    broken = false;
    expect((await retry('owner', body)).json().value).toEqual({ retried: true });
    await t.services.events.drain();
    expect(handled).toEqual(['m-1']);
    expect((await list('owner')).json().value.list).toHaveLength(0);
    expect(await audited()).toEqual([{ target: `test.flaky/${letter.eventId}`, merchant_code: 'demo' }]);
  });
});
