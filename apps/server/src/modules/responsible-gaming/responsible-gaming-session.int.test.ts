import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Session-time limits and reality checks (decision 0069). Time is moved by moving the session's clock back. */
let t: TestApp;
let client: ReturnType<typeof memberClient>;

const send = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  client.send({ method, url, moduleId: 'COMM3', token, ...(payload ? { payload } : {}) });
const setSessionLimit = (token: string, period: string, minutes: unknown) =>
  send('POST', '/wps/responsible-gaming/session-limits', token, { period, minutes });
const heartbeat = (token: string) => send('POST', '/wps/responsible-gaming/session/heartbeat', token, {});
const sessionOf = (token: string) => send('GET', '/wps/responsible-gaming/session', token);
const answer = (token: string, response: string) =>
  send('POST', '/wps/responsible-gaming/reality-check/answer', token, { response });
const dice = (token: string, stake: string) =>
  send('POST', '/wps/inhouse/bets', token, {
    game: 'dice',
    stake,
    idempotencyKey: `rgs-${randomUUID()}`,
    params: { target: 5000, direction: 'under' },
  });
const query = async <T extends object>(sql: string, values: unknown[] = []) =>
  (await t.database.pool.query(sql, values)).rows as T[];
/** Moves a member's session clocks `seconds` back: that much time passes unseen, as between two beats. */
const passTime = (memberId: string, seconds: number) =>
  t.database.pool.query(
    `UPDATE rg_sessions SET last_counted_at = last_counted_at - make_interval(secs => $2) WHERE member_id = $1`,
    [memberId, seconds],
  );
const sessionLimit = (value: { sessionLimits: { period: string }[] }, period: string) =>
  value.sessionLimits.find((limit) => limit.period === period);
const loginFor = async (username: string, password = 'Secret123') =>
  client.sealed(
    'POST',
    '/wps/session/login',
    { username, password, botCheck: await client.botCheck() },
    { moduleId: 'COMM3' },
  );

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
});
afterAll(async () => {
  await closeReconciled(t);
});

describe('session-time limits', () => {
  it('lowers at once, raises or removes only after 24 hours and a second confirmation', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rgs-setter', 10_00n);
    const first = await setSessionLimit(token, 'day', 120);
    expect(first.statusCode).toBe(200);
    expect(sessionLimit(first.json().value, 'day')).toMatchObject({ minutes: 120, pending: null });
    expect(sessionLimit((await setSessionLimit(token, 'day', 60)).json().value, 'day')).toMatchObject({
      minutes: 60,
      pending: null,
    });

    const raised = (await setSessionLimit(token, 'day', 180)).json().value;
    expect(sessionLimit(raised, 'day')).toMatchObject({ minutes: 60, pending: { minutes: 180 } });
    const early = await send('POST', '/wps/responsible-gaming/limits/confirm', token, {
      kind: 'session',
      period: 'day',
    });
    expect(early.json().errorCode).toBe('responsible_gaming_cooling');
    expect(sessionLimit((await send('GET', '/wps/responsible-gaming', token)).json().value, 'day')).toMatchObject({
      minutes: 60,
    });

    await t.database.pool.query(
      "UPDATE rg_limits SET pending_since = now() - interval '23 hours 59 minutes' WHERE member_id = $1",
      [memberId],
    );
    expect(
      (await send('POST', '/wps/responsible-gaming/limits/confirm', token, { kind: 'session', period: 'day' })).json()
        .errorCode,
    ).toBe('responsible_gaming_cooling');
    await t.database.pool.query(
      "UPDATE rg_limits SET pending_since = now() - interval '24 hours 1 minute' WHERE member_id = $1",
      [memberId],
    );
    const confirmed = await send('POST', '/wps/responsible-gaming/limits/confirm', token, {
      kind: 'session',
      period: 'day',
    });
    expect(sessionLimit(confirmed.json().value, 'day')).toMatchObject({ minutes: 180, pending: null });

    // A removal waits too; the money limits are untouched by all of it.
    expect(sessionLimit((await setSessionLimit(token, 'day', null)).json().value, 'day')).toMatchObject({
      minutes: 180,
      pending: { minutes: null },
    });
    expect(confirmed.json().value.limits.every((limit: { amount: unknown }) => limit.amount === null)).toBe(true);
    const history = await query<{ action: string; details: { kind: string; to: unknown } }>(
      'SELECT action, details FROM rg_history WHERE member_id = $1 ORDER BY at',
      [memberId],
    );
    expect(history.map((row) => row.action)).toEqual([
      'limit.set',
      'limit.set',
      'limit.raise_requested',
      'limit.raise_confirmed',
      'limit.raise_requested',
    ]);
    expect(history[3]?.details).toMatchObject({ kind: 'session', to: '180' });
  });

  it('keeps daily ≤ weekly ≤ monthly and refuses bad input with its own code, writing nothing', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rgs-order', 10_00n);
    expect((await setSessionLimit(token, 'week', 600)).statusCode).toBe(200);
    const tooHigh = await setSessionLimit(token, 'day', 700);
    expect(tooHigh.json()).toMatchObject({ errorCode: 'validation_failed' });
    expect(tooHigh.json().fieldErrors[0]).toMatchObject({ path: 'minutes', code: 'field_too_large' });
    const tooLow = await setSessionLimit(token, 'month', 500);
    expect(tooLow.json().fieldErrors[0]).toMatchObject({
      path: 'minutes',
      code: 'field_too_small',
      params: { min: '600' },
    });
    const longerThanADay = await setSessionLimit(token, 'day', 1441);
    expect(longerThanADay.json().fieldErrors[0]).toMatchObject({ path: 'minutes', code: 'field_too_large' });
    for (const bad of [0, -5, 1.5, '30', true]) {
      const answer = await setSessionLimit(token, 'day', bad);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().errorCode).toBe('validation_failed');
    }
    expect((await setSessionLimit(token, 'year', 30)).json().fieldErrors[0]).toMatchObject({
      path: 'period',
      code: 'field_not_allowed',
    });
    const badInterval = await send('POST', '/wps/responsible-gaming/reality-check', token, { minutes: 20 });
    expect(badInterval.statusCode).toBe(400);
    expect(badInterval.json().fieldErrors[0]).toMatchObject({ path: 'minutes', code: 'field_not_allowed' });
    expect(
      (await send('POST', '/wps/responsible-gaming/reality-check/answer', token, { response: 'later' })).statusCode,
    ).toBe(400);
    const rows = await query<{ kind: string; period: string; amount: string }>(
      'SELECT kind, period, amount::text FROM rg_limits WHERE member_id = $1',
      [memberId],
    );
    expect(rows).toEqual([{ kind: 'session', period: 'week', amount: '600' }]);
    expect(await query('SELECT 1 FROM rg_settings WHERE member_id = $1', [memberId])).toHaveLength(0);
    expect(await query('SELECT 1 FROM rg_reality_checks WHERE member_id = $1', [memberId])).toHaveLength(0);
  });

  it('counts a session once however many tabs beat, and counts a quiet gap in full', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rgs-tabs', 10_00n);
    expect((await heartbeat(token)).json().value).toMatchObject({ elapsedSeconds: 0 });
    await passTime(memberId, 120);
    // Two tabs (and a third request) beat at once: the two minutes are counted once.
    const beats = await Promise.all([heartbeat(token), heartbeat(token), sessionOf(token), heartbeat(token)]);
    for (const beat of beats) expect(beat.statusCode).toBe(200);
    const [row] = await query<{ counted: number }>(
      'SELECT counted_seconds AS counted FROM rg_sessions WHERE member_id = $1',
      [memberId],
    );
    expect(row?.counted).toBeGreaterThanOrEqual(120);
    expect(row?.counted).toBeLessThanOrEqual(122);
    const [usage] = await query<{ seconds: number }>(
      'SELECT sum(session_seconds)::int AS seconds FROM rg_usage WHERE member_id = $1',
      [memberId],
    );
    expect(usage?.seconds).toBe(row?.counted);

    // A page that stops beating is counted by the member's next request all the same (the idle clock's touch).
    await passTime(memberId, 600);
    await t.database.pool.query(
      "UPDATE member_sessions SET last_seen_at = now() - interval '2 minutes' WHERE member_id = $1",
      [memberId],
    );
    await t.cachesSettled();
    expect((await send('GET', '/wps/responsible-gaming', token)).statusCode).toBe(200);
    const [after] = await query<{ counted: number }>(
      'SELECT counted_seconds AS counted FROM rg_sessions WHERE member_id = $1',
      [memberId],
    );
    expect(after?.counted).toBeGreaterThanOrEqual(720);
    expect(after?.counted).toBeLessThanOrEqual(724);
    const status = (await send('GET', '/wps/responsible-gaming', token)).json().value;
    expect(sessionLimit(status, 'day')).toMatchObject({ usedMinutes: 12 });
  });

  it('ends the session at the limit with its own code, and refuses sign-in until the period turns', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rgs-limited', 10_00n);
    await setSessionLimit(token, 'day', 5);
    expect((await heartbeat(token)).statusCode).toBe(200);
    await passTime(memberId, 4 * 60);
    expect((await heartbeat(token)).statusCode).toBe(200);
    expect((await dice(token, '1')).statusCode).toBe(200);

    await passTime(memberId, 61);
    const stopped = await heartbeat(token);
    expect(stopped.statusCode).toBe(403);
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(stopped.json()).toMatchObject({
      errorCode: 'responsible_gaming_session_limit',
      value: { period: 'day', resumesAt: tomorrow.toISOString() },
    });
    // The session is over: the next bet is not taken.
    expect((await dice(token, '1')).json().errorCode).toBe('login.not.session');
    const refused = await loginFor('rgs-limited');
    expect(refused.json()).toMatchObject({
      success: false,
      errorCode: 'responsible_gaming_session_limit',
      value: { period: 'day' },
    });
    expect(refused.json().value.token).toBeUndefined();
    // A wrong password tells nothing of the limit.
    expect((await loginFor('rgs-limited', 'Wrong1234')).json().errorCode).toBe('login_failed');
    const live = await query(
      'SELECT 1 FROM member_sessions WHERE member_id = $1 AND revoked_at IS NULL AND expires_at > now()',
      [memberId],
    );
    expect(live).toHaveLength(0);

    // The next day (the usage rows moved back a day), sign-in is open again.
    await t.database.pool.query('UPDATE rg_usage SET day = day - 1 WHERE member_id = $1', [memberId]);
    const again = await loginFor('rgs-limited');
    expect(again.json().success).toBe(true);
    expect(typeof again.json().value.token).toBe('string');
  });
});

describe('reality checks', () => {
  it('falls due at the interval with the net position from the ledger; each answer is recorded', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rgs-reality', 100_00n);
    const other = await fundedMember(t, client, 'rgs-other', 100_00n);
    expect((await send('POST', '/wps/responsible-gaming/reality-check', token, { minutes: 15 })).statusCode).toBe(200);
    const opened = (await heartbeat(token)).json().value;
    expect(opened).toMatchObject({ realityCheckMinutes: 15, realityCheckDue: false, netPosition: '0.00' });
    expect((await answer(token, 'continue')).json().errorCode).toBe('reality_check_not_due');

    for (const stake of ['2', '3', '1.5']) expect((await dice(token, stake)).statusCode).toBe(200);
    // The other member plays too: none of it is in this member's net position, nor this member's in its.
    expect((await dice(other.token, '7')).statusCode).toBe(200);
    const rounds = await query<{ net: string }>(
      'SELECT (sum(payout) - sum(stake))::text AS net FROM inhouse_rounds WHERE member_id = $1',
      [memberId],
    );
    const expected = (Number(rounds[0]?.net) / 100).toFixed(2);

    await passTime(memberId, 14 * 60);
    expect((await heartbeat(token)).json().value.realityCheckDue).toBe(false);
    await passTime(memberId, 61);
    const due = (await heartbeat(token)).json().value;
    expect(due).toMatchObject({ realityCheckDue: true, netPosition: expected });
    expect(due.elapsedSeconds).toBeGreaterThanOrEqual(15 * 60);
    expect((await sessionOf(other.token)).json().value).toMatchObject({ realityCheckDue: false });
    // The other member cannot answer this member's check.
    expect((await answer(other.token, 'continue')).json().errorCode).toBe('reality_check_not_due');

    const continued = await answer(token, 'continue');
    expect(continued.json().value).toMatchObject({ realityCheckDue: false });
    expect((await answer(token, 'continue')).json().errorCode).toBe('reality_check_not_due');
    await passTime(memberId, 15 * 60 + 1);
    expect((await heartbeat(token)).json().value.realityCheckDue).toBe(true);
    expect((await answer(token, 'stop')).statusCode).toBe(200);
    expect((await heartbeat(token)).json().errorCode).toBe('login.not.session');

    const checks = await query<{ response: string; net: string }>(
      'SELECT response, net_position::text AS net FROM rg_reality_checks WHERE member_id = $1 ORDER BY at',
      [memberId],
    );
    expect(checks.map((row) => row.response)).toEqual(['continue', 'stop']);
    expect(checks[0]?.net).toBe(rounds[0]?.net);
    expect(await query('SELECT 1 FROM rg_reality_checks WHERE member_id = $1', [other.memberId])).toHaveLength(0);

    const operator = await t.operatorToken();
    const view = await t.request({
      method: 'GET',
      url: `/api/admin/members/${memberId}/responsible-gaming`,
      headers: { authorization: operator },
    });
    expect(view.statusCode).toBe(200);
    expect(view.json().value.realityChecks).toMatchObject([
      { response: 'stop', netPosition: expected },
      { response: 'continue', netPosition: expected },
    ]);
    expect(view.json().value.realityCheckMinutes).toBe(15);
  });

  it('is off until chosen, and off again when turned off', async () => {
    const { token, memberId } = await fundedMember(t, client, 'rgs-off', 10_00n);
    await heartbeat(token);
    await passTime(memberId, 3600);
    expect((await heartbeat(token)).json().value).toMatchObject({ realityCheckMinutes: null, realityCheckDue: false });
    await send('POST', '/wps/responsible-gaming/reality-check', token, { minutes: 30 });
    await passTime(memberId, 30 * 60);
    expect((await heartbeat(token)).json().value.realityCheckDue).toBe(true);
    const off = await send('POST', '/wps/responsible-gaming/reality-check', token, { minutes: null });
    expect(off.json().value.realityCheckMinutes).toBeNull();
    expect((await heartbeat(token)).json().value.realityCheckDue).toBe(false);
  });
});
