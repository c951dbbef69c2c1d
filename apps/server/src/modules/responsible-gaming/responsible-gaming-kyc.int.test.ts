import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeReconciled } from '../../../test/close-reconciled';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, REFERENCE_PROVIDER_SECRET, type TestApp } from '../../../test/test-app';
import { jpegBytes, multipart, pngBytes } from '../../../test/uploads';
import { hashPassword } from '../../platform/security/password';
import { seamlessSignature } from '../providers';

/**
 * Identity tiers and withdrawal thresholds (decision 0102); the exclusion register, the blocked-members read call
 * and event (decision 0103); an exclusion on one merchant refusing the next seamless bet on a sister merchant.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let desk: string;

const send = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  client.send({ method, url, moduleId: 'COMM3', token, ...(payload ? { payload } : {}) });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = desk) =>
  t.request({ method, url, headers: { authorization: as }, ...(payload ? { payload } : {}) });
const upload = (token: string, files: Parameters<typeof multipart>[1]) => {
  const body = multipart({}, files);
  return client.send({
    method: 'POST',
    url: '/wps/responsible-gaming/kyc/documents',
    moduleId: 'COMM3',
    token,
    payload: body.payload,
    headers: body.headers,
  });
};
const count = async (sql: string, values: unknown[] = []) =>
  (await t.database.pool.query(sql, values)).rows[0].n as number;
const balance = async (memberId: string, merchantCode = 'demo') =>
  (await t.services.ledger.balance({ merchantCode, currency: 'USD', account: { member: memberId, wallet: 'main' } }))
    .balance;

/** A funded member with a withdraw password and a payout method: its token, id and method. */
const withdrawer = async (username: string) => {
  const { token, memberId } = await fundedMember(t, client, username, 5_000_00n);
  await t.services.members.update(memberId, { paymentPasswordHash: await hashPassword('Payout99') });
  const method = await client.sealed(
    'POST',
    '/wps/withdraw/methods',
    {
      method: { kind: 'bank_account', bankName: 'Demo Bank', accountName: 'Ana Cruz', accountNumber: '0123456789' },
      withdrawPassword: 'Payout99',
    },
    { moduleId: 'COMM3', token },
  );
  return { token, memberId, methodId: method.json().value.id as string };
};
const withdraw = (who: { token: string; methodId: string }, amount: string) =>
  client.sealed(
    'POST',
    '/wps/v2/transaction/withdraw',
    { requestId: randomUUID(), payoutMethodId: who.methodId, amount, withdrawPassword: 'Payout99' },
    { moduleId: 'COMM3', token: who.token },
  );
const basic = { fullName: 'Ana Cruz', birthDate: '1990-04-02', address: '12 Harbour Road, Valletta' };

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  desk = await t.operatorToken();
});
afterAll(async () => {
  await closeReconciled(t);
});

describe('identity tiers and withdrawal thresholds', () => {
  it('refuses a withdrawal above the tier threshold, holding nothing, until the member reaches the tier', async () => {
    const set = await admin('PUT', '/api/admin/merchants/demo/kyc-thresholds', {
      unverifiedMax: '100',
      basicMax: '1000',
    });
    expect(set.json().value).toMatchObject({ unverifiedMax: '100.00', basicMax: '1000.00', currency: 'USD' });
    const member = await withdrawer('kyc-ana');

    // Unverified: up to 100 passes; above it needs basic, above 1,000 needs full. Nothing is held when refused.
    expect((await withdraw(member, '100')).json().success).toBe(true);
    const before = await balance(member.memberId);
    const needsBasic = await withdraw(member, '100.01');
    expect(needsBasic.statusCode).toBe(403);
    expect(needsBasic.json()).toMatchObject({
      errorCode: 'kyc_tier_required',
      value: { tier: 'basic', max: '100.00' },
    });
    expect((await withdraw(member, '2000')).json()).toMatchObject({ value: { tier: 'full' } });
    expect(await balance(member.memberId)).toBe(before);
    expect(
      await count("SELECT count(*)::int AS n FROM withdrawal_orders WHERE member_id = $1 AND status <> 'opening'", [
        member.memberId,
      ]),
    ).toBe(1);

    // Basic tier: bad details are refused per field and change nothing; good ones raise the tier.
    const young = await send('POST', '/wps/responsible-gaming/kyc/basic', member.token, {
      ...basic,
      birthDate: `${new Date().getUTCFullYear() - 17}-01-01`,
    });
    expect(young.json().fieldErrors[0]).toMatchObject({ path: 'birthDate', code: 'birthday_under_age' });
    const notADate = await send('POST', '/wps/responsible-gaming/kyc/basic', member.token, {
      ...basic,
      birthDate: '1990-02-30',
    });
    expect(notADate.json().fieldErrors[0]).toMatchObject({ path: 'birthDate', code: 'field_invalid' });
    expect(
      (await send('POST', '/wps/responsible-gaming/kyc/basic', member.token, { ...basic, address: '' })).json(),
    ).toMatchObject({ errorCode: 'validation_failed' });
    expect(await count('SELECT count(*)::int AS n FROM rg_kyc WHERE member_id = $1', [member.memberId])).toBe(0);
    const tierBasic = await send('POST', '/wps/responsible-gaming/kyc/basic', member.token, basic);
    expect(tierBasic.json().value).toMatchObject({ tier: 'basic', fullName: 'Ana Cruz', birthDate: '1990-04-02' });
    expect((await withdraw(member, '500')).json().success).toBe(true);
    expect((await withdraw(member, '1000.01')).json()).toMatchObject({
      errorCode: 'kyc_tier_required',
      value: { tier: 'full', max: '1000.00' },
    });

    // Documents: checked by their bytes; one pending submission at a time.
    const notImage = await upload(member.token, [
      { name: 'documents', filename: 'id.png', type: 'image/png', bytes: Buffer.from('not a picture') },
    ]);
    expect(notImage.json().errorCode).toBe('image_invalid');
    expect((await upload(member.token, [])).json().errorCode).toBe('proof_required');
    const sent = await upload(member.token, [
      { name: 'documents', filename: 'id.png', type: 'image/png', bytes: pngBytes() },
      { name: 'documents', filename: 'address.jpg', type: 'image/jpeg', bytes: jpegBytes() },
    ]);
    expect(sent.json().value).toMatchObject({ tier: 'basic', review: { status: 'pending' } });
    const twice = await upload(member.token, [
      { name: 'documents', filename: 'id.png', type: 'image/png', bytes: pngBytes() },
    ]);
    expect(twice.json().errorCode).toBe('kyc_state_invalid');

    // Compliance reviews: the queue, the documents (audited), one decision.
    const queue = (await admin('GET', '/api/admin/responsible-gaming/kyc-reviews')).json().value;
    const entry = queue.find((row: { memberId: string }) => row.memberId === member.memberId);
    expect(entry).toMatchObject({ account: 'kyc-ana', tier: 'basic', status: 'pending' });
    const detail = (await admin('GET', `/api/admin/responsible-gaming/kyc-reviews/${entry.id}`)).json().value;
    expect(detail.documents).toHaveLength(2);
    expect(detail).toMatchObject({ fullName: 'Ana Cruz', address: basic.address });
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'kyc.view'")).toBeGreaterThan(0);
    const noReason = await admin('POST', `/api/admin/responsible-gaming/kyc-reviews/${entry.id}/decision`, {
      decision: 'reject',
    });
    expect(noReason.json().fieldErrors[0]).toMatchObject({ path: 'reason', code: 'not_empty' });
    const approved = await admin('POST', `/api/admin/responsible-gaming/kyc-reviews/${entry.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.json().value).toMatchObject({ status: 'approved', tier: 'full', reviewedBy: 'owner' });
    const again = await admin('POST', `/api/admin/responsible-gaming/kyc-reviews/${entry.id}/decision`, {
      decision: 'reject',
      reason: 'late',
    });
    expect(again.json().errorCode).toBe('order_state_invalid');
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'kyc.approve'")).toBe(1);

    expect((await withdraw(member, '2000')).json().success).toBe(true);
    // Full: the details no longer change.
    expect((await send('POST', '/wps/responsible-gaming/kyc/basic', member.token, basic)).json().errorCode).toBe(
      'kyc_state_invalid',
    );
  });

  it('rejects with a reason; the member sees it and may send again', async () => {
    const { token, memberId } = await fundedMember(t, client, 'kyc-ben', 10_00n);
    expect(
      (await upload(token, [{ name: 'documents', filename: 'a.png', type: 'image/png', bytes: pngBytes() }])).json()
        .errorCode,
    ).toBe('kyc_state_invalid');
    await send('POST', '/wps/responsible-gaming/kyc/basic', token, { ...basic, fullName: 'Ben Ode' });
    await upload(token, [{ name: 'documents', filename: 'a.png', type: 'image/png', bytes: pngBytes() }]);
    const id = (await t.database.pool.query('SELECT id FROM rg_kyc_reviews WHERE member_id = $1', [memberId])).rows[0]
      .id;
    await admin('POST', `/api/admin/responsible-gaming/kyc-reviews/${id}/decision`, {
      decision: 'reject',
      reason: 'The picture is blurred',
    });
    const status = (await send('GET', '/wps/responsible-gaming/kyc', token)).json().value;
    expect(status).toMatchObject({ tier: 'basic', review: { status: 'rejected', reason: 'The picture is blurred' } });
    const resent = await upload(token, [
      { name: 'documents', filename: 'b.png', type: 'image/png', bytes: pngBytes() },
    ]);
    expect(resent.json().value.review.status).toBe('pending');
  });

  it('refuses bad thresholds per field and keeps the ones in force', async () => {
    const bad = await admin('PUT', '/api/admin/merchants/demo/kyc-thresholds', {
      unverifiedMax: '500',
      basicMax: '50',
    });
    expect(bad.json().fieldErrors[0]).toMatchObject({ path: 'unverifiedMax', code: 'field_too_large' });
    const notMoney = await admin('PUT', '/api/admin/merchants/demo/kyc-thresholds', {
      unverifiedMax: 'x',
      basicMax: null,
    });
    expect(notMoney.json().fieldErrors[0]).toMatchObject({ path: 'unverifiedMax', code: 'amount_not_numeric' });
    expect((await admin('GET', '/api/admin/merchants/demo/kyc-thresholds')).json().value).toMatchObject({
      unverifiedMax: '100.00',
      basicMax: '1000.00',
    });
  });
});

describe('exclusion effects across merchants', () => {
  it('refuses the next seamless bet on the sister merchant, emits member.blocked, and shows in the register', async () => {
    const demo = await t.services.merchants.get('demo');
    if (!demo) throw new Error('no demo');
    await t.services.merchants.createIfAbsent('sister', { ...demo.settings, domains: ['sister.test'] } as never);
    const { token, memberId } = await fundedMember(t, client, 'kyc-person', 20_00n);
    await t.services.members.update(memberId, {
      email: 'same.person@example.com',
      mobileDialingCode: '356',
      mobileNumber: '79990001',
    });
    const sister = await t.services.members.create({
      merchantCode: 'sister',
      username: 'kyc-person-b',
      account: 'kyc-person-b',
      nickname: 'b',
      passwordHash: await hashPassword('Secret123'),
      email: 'Same.Person@example.com',
    });
    if (!('row' in sister)) throw new Error('sister member not created');
    const sisterId = sister.row.id;
    await t.services.ledger.transfer({
      merchantCode: 'sister',
      currency: 'USD',
      type: 'deposit',
      idempotencyKey: 'kyc-sister-fund',
      from: { house: 'deposits' },
      to: { member: sisterId, wallet: 'main' },
      amount: 10_00n,
    });

    // A game session on the sister merchant, as a launch there issues it (a copy of a demo launch's row).
    const { rows: games } = await t.database.pool.query<{ id: number }>(
      "SELECT id FROM games WHERE vendor_code = 'PT' AND game_type = 'RNG' ORDER BY id LIMIT 1",
    );
    const launched = await client.send({
      method: 'GET',
      url: `/wps/game/launchGame?nodeId=${games[0]?.id}`,
      moduleId: 'GAMELO3',
      token,
    });
    const demoToken = new URL(launched.json().value.content.game_url).searchParams.get('token') ?? '';
    const sisterToken = `sister-${randomUUID()}`;
    await t.database.pool.query(
      `INSERT INTO game_sessions (token_hash, merchant_code, member_id, game_id, vendor_code, provider_code, mode,
                                  currency, language, expires_at)
       SELECT $2, 'sister', $3, game_id, vendor_code, provider_code, mode, currency, language, expires_at
         FROM game_sessions WHERE token_hash = $1`,
      [
        createHash('sha256').update(demoToken).digest('hex'),
        createHash('sha256').update(sisterToken).digest('hex'),
        sisterId,
      ],
    );
    const bet = (id: string) => {
      const raw = JSON.stringify({
        token: sisterToken,
        transactionId: id,
        roundId: id,
        amount: '1.00',
        currency: 'USD',
      });
      return t.request({
        method: 'POST',
        url: '/seamless/v1/DEMO/bet',
        payload: raw,
        headers: {
          'content-type': 'application/json',
          'x-signature': seamlessSignature(REFERENCE_PROVIDER_SECRET, raw),
        },
      });
    };
    expect((await bet('kyc-sister-1')).json().success).toBe(true);
    expect(await t.services.responsibleGaming.blockedAmong('sister', [sisterId])).toEqual(new Set());

    // The person self-excludes on demo, covering every merchant: the very next sister bet is refused.
    const excluded = await send('POST', '/wps/responsible-gaming/block', token, {
      kind: 'self_exclusion',
      duration: '12m',
      allMerchants: true,
      confirm: true,
    });
    expect(excluded.json().success).toBe(true);
    const refused = await bet('kyc-sister-2');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('responsible_gaming_blocked');
    expect(await balance(sisterId, 'sister')).toBe(9_00n);

    // Marketing and agents' contracts: the read call and the event, for both merchants.
    expect(await t.services.responsibleGaming.blockedAmong('sister', [sisterId])).toEqual(new Set([sisterId]));
    const lastYear = { from: new Date(Date.now() - 365 * 86_400_000), to: new Date(Date.now() - 300 * 86_400_000) };
    expect(await t.services.responsibleGaming.blockedAmong('sister', [sisterId], lastYear)).toEqual(new Set());
    expect(
      await count(
        "SELECT count(*)::int AS n FROM events WHERE name = 'member.blocked' AND payload->>'memberId' = ANY($1)",
        [[memberId, sisterId]],
      ),
    ).toBe(2);

    // The register: by e-mail (any case), by mobile and by account, across merchants; each search audited.
    const byEmail = (await admin('GET', '/api/admin/responsible-gaming/register?q=SAME.person@example.com')).json()
      .value;
    expect(byEmail.map((row: { merchantCode: string }) => row.merchantCode).sort()).toEqual(['demo', 'sister']);
    expect(byEmail[0]).toMatchObject({ kind: 'self_exclusion', inForce: true, duration: '12m' });
    const byMobile = (await admin('GET', '/api/admin/responsible-gaming/register?q=%2B356%2079990001')).json().value;
    expect(byMobile.length).toBe(2);
    const byAccount = (await admin('GET', '/api/admin/responsible-gaming/register?q=kyc-person')).json().value;
    expect(byAccount.map((row: { account: string }) => row.account).sort()).toEqual(['kyc-person', 'kyc-person-b']);
    expect((await admin('GET', '/api/admin/responsible-gaming/register?q=no-such-person')).json().value).toEqual([]);
    expect((await admin('GET', '/api/admin/responsible-gaming/register?q=ab')).json().fieldErrors[0]).toMatchObject({
      path: 'q',
      code: 'field_too_short',
    });
    expect(
      await count("SELECT count(*)::int AS n FROM audit_log WHERE action = 'responsible_gaming.register_search'"),
    ).toBe(4);
  });
});
