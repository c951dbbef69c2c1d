import { randomUUID } from 'node:crypto';
import { type AdminInhouseLimits, inhouseGames } from '@tessera/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantLikeDemo, merchantResource, signInOperators } from '../../../test/back-office';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** In-house limits per merchant from the back office: who may, what is refused, what is audited, what bets see. */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let memberToken: string;
const tokens: Record<string, string> = {};

const { get, put } = merchantResource(() => t, tokens, 'inhouse-limits');
const diceBet = (stake: string) =>
  client.send({
    method: 'POST',
    url: '/wps/inhouse/bets',
    moduleId: 'COMM3',
    token: memberToken,
    payload: {
      game: 'dice',
      stake,
      idempotencyKey: `key-${randomUUID()}`,
      params: { target: 5000, direction: 'under' },
    },
  });

/** Everything a refused update must leave alone: the limits and the audit log. */
const snapshot = async () => ({
  limits: (
    await t.database.pool.query(
      'SELECT merchant_code, game, min_stake::text, max_stake::text, max_payout::text, updated_at FROM inhouse_limits ORDER BY 1, 2',
    )
  ).rows,
  audit: (
    await t.database.pool.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'inhouse.limits_update'")
  ).rows[0].n as number,
});

const rowOf = (limits: AdminInhouseLimits, game: string) => limits.games.find((row) => row.game === game);

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  await merchantLikeDemo(t, 'yen', { name: 'Yen', currency: 'JPY' });
  Object.assign(tokens, await signInOperators(t, [{ name: 'yenrisk', role: 'risk', merchantCode: 'yen' }]));
  ({ token: memberToken } = await fundedMember(t, client, 'limiter', 100_000n));
});

afterAll(async () => {
  await closeReconciled(t);
});

describe('reading a merchant’s in-house limits', () => {
  it('lists every game with the defaults in the merchant’s currency until one is set', async () => {
    const body = (await get('finance')).json();
    expect(body.success).toBe(true);
    expect(body.value.currency).toBe('USD');
    expect(body.value.games.map((row: { game: string }) => row.game)).toEqual([...inhouseGames]);
    expect(rowOf(body.value, 'dice')).toMatchObject({
      minStake: '0.10',
      maxStake: '1000.00',
      maxPayout: '100000.00',
      isDefault: true,
      updatedAt: null,
    });
    const yen = (await get('yenrisk', 'yen')).json().value as AdminInhouseLimits;
    expect(yen.currency).toBe('JPY');
    // A currency without minor digits still gets a positive minimum.
    expect(rowOf(yen, 'slot')).toMatchObject({ minStake: '1', maxStake: '1000', maxPayout: '100000' });
  });

  it('is refused to support and content, and hides another merchant from a scoped operator', async () => {
    for (const role of ['support', 'content']) {
      const response = await get(role);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().errorCode).toBe('forbidden');
    }
    const other = await get('yenrisk', 'demo');
    expect(other.statusCode).toBe(404);
    expect(other.json().errorCode).toBe('not_found');
  });
});

describe('changing a merchant’s in-house limits', () => {
  it('sets one game, audits before and after, and the next bet above the new maximum stake is refused', async () => {
    expect((await diceBet('6.00')).json().success).toBe(true);
    const response = await put('risk', { limits: { dice: { minStake: '0.50', maxStake: '5', maxPayout: '2500' } } });
    expect(response.json().success).toBe(true);
    const dice = rowOf(response.json().value, 'dice');
    expect(dice).toMatchObject({ minStake: '0.50', maxStake: '5.00', maxPayout: '2500.00', isDefault: false });
    expect(dice?.updatedAt).not.toBeNull();
    expect(rowOf(response.json().value, 'limbo')?.isDefault).toBe(true);

    const audit = (
      await t.database.pool.query(
        "SELECT operator_username, merchant_code, target, details FROM audit_log WHERE action = 'inhouse.limits_update'",
      )
    ).rows;
    expect(audit).toEqual([
      {
        operator_username: 'riskop',
        merchant_code: 'demo',
        target: 'dice',
        details: {
          currency: 'USD',
          before: { dice: { minStake: '0.10', maxStake: '1000.00', maxPayout: '100000.00', isDefault: true } },
          after: { dice: { minStake: '0.50', maxStake: '5.00', maxPayout: '2500.00', isDefault: false } },
        },
      },
    ]);

    const refused = await diceBet('6.00');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorCode: 'validation_failed',
      fieldErrors: [{ path: 'stake', code: 'amount_above_maximum', params: { min: '0.50', max: '5.00' } }],
    });
    expect((await diceBet('0.40')).json().fieldErrors?.[0]?.code).toBe('amount_below_minimum');
    expect((await diceBet('5.00')).json().success).toBe(true);
    // The member site's game list shows the new limits at once too.
    const games = (await client.send({ method: 'GET', url: '/wps/inhouse/games', moduleId: 'COMM3' })).json().value;
    expect(games.find((g: { game: string }) => g.game === 'dice')).toMatchObject({
      minStake: '0.50',
      maxStake: '5.00',
    });
  });

  it('sets several games at once as the owner, with one audit row naming them all', async () => {
    const response = await put('owner', {
      limits: {
        dice: { minStake: '1', maxStake: '20', maxPayout: '5000' },
        crash: { minStake: '0.20', maxStake: '300', maxPayout: '30000' },
      },
    });
    expect(response.json().success).toBe(true);
    expect(rowOf(response.json().value, 'crash')).toMatchObject({ minStake: '0.20', maxStake: '300.00' });
    const last = (
      await t.database.pool.query(
        "SELECT target, details FROM audit_log WHERE action = 'inhouse.limits_update' ORDER BY id DESC LIMIT 1",
      )
    ).rows[0];
    expect(last.target).toBe('dice,crash');
    expect(Object.keys(last.details.before).sort()).toEqual(['crash', 'dice']);
    expect(last.details.before.dice.maxStake).toBe('5.00');
    expect(last.details.after.crash).toEqual({
      minStake: '0.20',
      maxStake: '300.00',
      maxPayout: '30000.00',
      isDefault: false,
    });
  });

  it('refuses bad amounts with an error per field and changes nothing, not even the valid games beside them', async () => {
    const before = await snapshot();
    const response = await put('risk', {
      limits: {
        slot: { minStake: '1', maxStake: '2', maxPayout: '3' },
        dice: { minStake: '0.001', maxStake: 'lots', maxPayout: '-1' },
        keno: { minStake: '10', maxStake: '5', maxPayout: '4' },
        plinko: { minStake: '1', maxStake: '2', maxPayout: '10000000000.01' },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errorCode).toBe('validation_failed');
    expect(response.json().fieldErrors).toEqual([
      { path: 'limits.dice.minStake', code: 'amount_too_precise' },
      { path: 'limits.dice.maxStake', code: 'amount_not_numeric' },
      { path: 'limits.dice.maxPayout', code: 'amount_not_positive' },
      { path: 'limits.keno.maxStake', code: 'inhouse_max_stake_below_min', params: { min: '10.00' } },
      { path: 'limits.keno.maxPayout', code: 'inhouse_max_payout_below_stake', params: { min: '5.00' } },
      { path: 'limits.plinko.maxPayout', code: 'field_too_large', params: { max: '10000000000.00' } },
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses digits the merchant’s currency does not have, an unknown game and an empty update', async () => {
    const before = await snapshot();
    const yen = await put(
      'yenrisk',
      { limits: { mines: { minStake: '0.5', maxStake: '100', maxPayout: '1000' } } },
      'yen',
    );
    expect(yen.json().fieldErrors).toEqual([{ path: 'limits.mines.minStake', code: 'amount_too_precise' }]);
    const unknown = await put('risk', { limits: { roulette: { minStake: '1', maxStake: '2', maxPayout: '3' } } });
    expect(unknown.json().errorCode).toBe('validation_failed');
    expect(unknown.json().fieldErrors).toContainEqual({ path: 'limits.roulette', code: 'field_unknown' });
    const empty = await put('risk', { limits: {} });
    expect(empty.json().fieldErrors).toEqual([{ path: 'limits', code: 'not_empty' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('is refused to finance, support and content, and to an operator of another merchant; nothing changes', async () => {
    const before = await snapshot();
    const change = { limits: { dice: { minStake: '1', maxStake: '1', maxPayout: '1' } } };
    for (const role of ['finance', 'support', 'content']) {
      const response = await put(role, change);
      expect(response.statusCode, role).toBe(403);
      expect(response.json().errorCode).toBe('forbidden');
    }
    const scoped = await put('yenrisk', change);
    expect(scoped.statusCode).toBe(404);
    expect((await put('risk', change, 'nosuch')).json().errorCode).toBe('not_found');
    expect(await snapshot()).toEqual(before);
  });

  it('keeps the order in the table itself for any other writer', async () => {
    const insert = (min: number, max: number, payout: number) =>
      t.database.pool.query(
        "INSERT INTO inhouse_limits (merchant_code, game, min_stake, max_stake, max_payout) VALUES ('yen', 'keno', $1, $2, $3)",
        [min, max, payout],
      );
    await expect(insert(5, 10, 9)).rejects.toThrow(/inhouse_limits_payout/);
    await expect(insert(11, 10, 20)).rejects.toThrow(/inhouse_limits_order/);
    await expect(insert(0, 10, 20)).rejects.toThrow(/inhouse_limits_order/);
  });

  it('leaves nothing behind when the audit row cannot be written', async () => {
    const before = await snapshot();
    const merchant = await t.services.merchants.resolve({ code: 'demo', host: '' });
    await expect(
      t.services.inhouse.updateLimits(
        merchant,
        { slot: { minStake: 1n, maxStake: 2n, maxPayout: 3n } },
        async (client) => {
          await client.query("INSERT INTO audit_log (action, ip) VALUES ('inhouse.limits_update', NULL)");
        },
      ),
    ).rejects.toThrow();
    expect(await snapshot()).toEqual(before);
  });
});
