import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { timeUntil } from '../../../test/wait-for';

// Live sessions are kept in each instance's memory (decision 0149). Whatever ends a session must end it at once on
// the instance that did it, and within 1 s on every other, whoever wrote the change: the app or SQL by hand.
let a: TestApp;
let b: TestApp;
let clientA: ReturnType<typeof memberClient>;
let clientB: ReturnType<typeof memberClient>;
let owner: string;

beforeAll(async () => {
  a = await createTestApp();
  b = await createTestApp({}, { instanceOf: a });
  clientA = memberClient(a);
  clientB = memberClient(b);
  owner = await a.operatorToken();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const info = async (client: ReturnType<typeof memberClient>, token: string) =>
  (await client.send({ method: 'GET', url: '/wps/member/info', moduleId: 'COMM3', token })).json() as {
    success: boolean;
    errorCode?: string;
    value?: { type: number };
  };

/** Signs `username` in again (a second session of the same member). */
const signIn = (client: ReturnType<typeof memberClient>, username: string) => client.login(username, 'Secret123');

const refused = (answer: { success: boolean; errorCode?: string }) =>
  !answer.success && answer.errorCode === 'login.not.session';

describe('live sessions in memory', () => {
  it('reads a session from the database once, not once a request', async () => {
    const { token } = await fundedMember(a, clientA, 'live-reads', 1n);
    const spy = vi.spyOn(a.database.pool, 'query');
    try {
      for (let read = 0; read < 5; read += 1) expect((await info(clientA, token)).success).toBe(true);
      const sessionReads = spy.mock.calls.filter(
        ([query]) => typeof query === 'object' && (query as { name?: string }).name === 'session.findLive',
      );
      expect(sessionReads).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses a logged-out session at once on its instance and within 1 s on another', async () => {
    const { token } = await fundedMember(a, clientA, 'live-logout', 1n);
    expect((await info(clientA, token)).success).toBe(true);
    expect((await info(clientB, token)).success).toBe(true);
    const out = await clientA.send({ method: 'DELETE', url: '/wps/session/logout', moduleId: 'COMM3', token });
    expect(out.json()).toMatchObject({ success: true });
    expect(refused(await info(clientA, token))).toBe(true);
    expect(await timeUntil(() => info(clientB, token), refused)).not.toBeNull();
  });

  it("ends a member's other sessions at once when its password changes", async () => {
    const { token: kept } = await fundedMember(a, clientA, 'live-password', 1n);
    const other = await signIn(clientA, 'live-password');
    expect((await info(clientA, other)).success).toBe(true);
    expect((await info(clientB, other)).success).toBe(true);
    const changed = await clientA.sealed(
      'POST',
      '/wps/member/password',
      { oldPassword: 'Secret123', newPassword: 'Changed456', confirmNewPassword: 'Changed456' },
      { moduleId: 'PASS3', token: kept },
    );
    expect(changed.json()).toMatchObject({ success: true });
    expect(refused(await info(clientA, other))).toBe(true);
    expect((await info(clientA, kept)).success).toBe(true);
    expect(await timeUntil(() => info(clientB, other), refused)).not.toBeNull();
  });

  it("ends a member's sessions at once when an operator locks it, and within 1 s on another instance", async () => {
    const { memberId, token } = await fundedMember(a, clientA, 'live-locked', 1n);
    expect((await info(clientA, token)).success).toBe(true);
    expect((await info(clientB, token)).success).toBe(true);
    const locked = await a.request({
      method: 'POST',
      url: `/api/admin/members/${memberId}/lock`,
      headers: { authorization: owner },
      payload: { locked: true, reason: 'test' },
    });
    expect(locked.json()).toMatchObject({ success: true });
    expect(refused(await info(clientA, token))).toBe(true);
    expect(await timeUntil(() => info(clientB, token), refused)).not.toBeNull();
  });

  it('follows a change written by SQL alone within 1 s: a lock, a type, a revocation', async () => {
    const { memberId, token } = await fundedMember(a, clientA, 'live-by-hand', 1n);
    const second = await signIn(clientA, 'live-by-hand');
    expect((await info(clientB, token)).value?.type).toBe(0);
    expect((await info(clientB, second)).success).toBe(true);

    await a.database.pool.query('UPDATE members SET type = 1 WHERE id = $1', [memberId]);
    expect(
      await timeUntil(
        () => info(clientB, token),
        (answer) => answer.value?.type === 1,
      ),
    ).not.toBeNull();

    await a.database.pool.query(
      'UPDATE member_sessions SET revoked_at = now() WHERE token_hash <> $1 AND member_id = $2',
      ['none', memberId],
    );
    expect(await timeUntil(() => info(clientB, second), refused)).not.toBeNull();

    const third = await signIn(clientA, 'live-by-hand');
    expect((await info(clientB, third)).success).toBe(true);
    await a.database.pool.query('UPDATE members SET locked_at = now() WHERE id = $1', [memberId]);
    expect(await timeUntil(() => info(clientB, third), refused)).not.toBeNull();
  });

  it('with the triggers off: the instance that ends a session still drops it, the other still serves it', async () => {
    const { memberId, token } = await fundedMember(a, clientA, 'live-no-trigger', 1n);
    const other = await signIn(clientA, 'live-no-trigger');
    expect((await info(clientA, token)).success).toBe(true);
    expect((await info(clientB, token)).success).toBe(true);
    expect((await info(clientB, other)).success).toBe(true);
    await a.database.pool.query('ALTER TABLE member_sessions DISABLE TRIGGER member_sessions_forget_live');
    await a.database.pool.query('ALTER TABLE members DISABLE TRIGGER members_forget_live_sessions');
    try {
      const out = await clientA.send({ method: 'DELETE', url: '/wps/session/logout', moduleId: 'COMM3', token });
      expect(out.json()).toMatchObject({ success: true });
      await a.database.pool.query('UPDATE members SET locked_at = now() WHERE id = $1', [memberId]);
      await a.cachesSettled();
      await b.cachesSettled();
      // A dropped its own copy when it logged the session out; nothing told B, which keeps its copies until their
      // lifetime runs out: the triggers are what reach the other instances.
      expect(refused(await info(clientA, token))).toBe(true);
      expect((await info(clientB, token)).success).toBe(true);
      expect((await info(clientB, other)).success).toBe(true);
    } finally {
      await a.database.pool.query('ALTER TABLE member_sessions ENABLE TRIGGER member_sessions_forget_live');
      await a.database.pool.query('ALTER TABLE members ENABLE TRIGGER members_forget_live_sessions');
    }
  });
});
