import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pointsTestKit } from '../../../test/points';
import { jpegBytes, pngBytes } from '../../../test/uploads';

/**
 * "Get points by cash" (decision 0063), goods pictures and the back office's decisions on the real PostgreSQL: the
 * cash leg through the ledger and the points through the points entries, once per request; pictures checked by
 * their bytes, stored for the merchant and served; a redemption rejected by racing operators refunded once.
 */

const suite = pointsTestKit();
const { kit, members, tokenOf, idOf, newMember, admin, mainWallet } = suite;
const pointsOf = async (as: string): Promise<bigint> =>
  BigInt(
    (
      await kit.client.send({
        method: 'GET',
        url: '/wps/relay/MCS2_getPointBalance',
        moduleId: 'PTSYS3',
        token: tokenOf(as),
      })
    ).json().value.points,
  );
const buy = (as: string, points: string, extra: Record<string, unknown> = {}) =>
  kit.client.sealed(
    'POST',
    '/wps/relay/passwordCheck/MCS2_buyPoint',
    { requestId: randomUUID(), points, withdrawPassword: 'Payout99', ...extra },
    { moduleId: 'PTSYS3', token: tokenOf(as) },
  );
const setRules = async (ratios: { convertRatio: string; buyRatio: string }) => {
  const rules = (await admin('GET', '/rules')).json().value;
  return admin('PUT', '/rules', { rates: rules.rates, ...ratios, rulesText: rules.rulesText });
};
const entriesOf = async (memberId: string, type: string) =>
  (
    await kit.t.database.pool.query<{ delta: string }>(
      'SELECT delta::text FROM points_entries WHERE member_id = $1 AND type = $2',
      [memberId, type],
    )
  ).rows.map((row) => row.delta);
const buyTransfers = async (memberId: string) =>
  Number(
    (
      await kit.t.database.pool.query<{ count: string }>(
        `SELECT count(DISTINCT p.transaction_id) AS count FROM ledger_postings p
         JOIN ledger_transactions tx ON tx.id = p.transaction_id
         JOIN ledger_accounts a ON a.id = p.account_id
         WHERE tx.type = 'points_buy' AND a.owner_type = 'member' AND a.owner_id = $1`,
        [memberId],
      )
    ).rows[0]?.count ?? 0,
  );
const upload = (bytes: Buffer) => admin('POST', '/images', { dataBase64: bytes.toString('base64') });
const auditCount = async (action: string, target?: string) =>
  (
    await kit.t.database.pool.query(
      `SELECT 1 FROM audit_log WHERE action = $1 ${target ? 'AND target = $2' : ''}`,
      target ? [action, target] : [action],
    )
  ).rowCount;

beforeAll(suite.start);
afterAll(suite.close);

describe('get points by cash', () => {
  it('buys points with main-wallet cash at the buy ratio, once per request, shown in the details', async () => {
    expect((await setRules({ convertRatio: '10', buyRatio: '5' })).json().value).toMatchObject({ buyRatio: '5' });
    await newMember('ptsbuy', 10_000n); // 100.00
    const requestId = randomUUID();
    const answer = await buy('ptsbuy', '50', { requestId }); // 50 points at 5 a unit: 10.00
    expect(answer.json()).toMatchObject({ success: true, value: { points: '50', amount: '10.00', balance: '50' } });
    expect((await buy('ptsbuy', '50', { requestId })).json().value).toMatchObject({ points: '50' });
    expect(await pointsOf('ptsbuy')).toBe(50n);
    expect(await mainWallet('ptsbuy')).toBe(9_000n);
    expect(await entriesOf(idOf('ptsbuy'), 'buy')).toEqual(['50']);
    expect(await buyTransfers(idOf('ptsbuy'))).toBe(1);
    const config = (
      await kit.client.send({ method: 'GET', url: '/wps/relay/MCS2_getPointConfig', moduleId: 'PTSYS3' })
    ).json();
    expect(config.value).toMatchObject({ buyRatio: '5', convertRatio: '10' });
  });

  it('applies twin requests racing with one request id exactly once', async () => {
    await newMember('ptsbuytwin', 10_000n);
    const member = { memberId: idOf('ptsbuytwin'), merchantCode: 'demo', sessionId: '', type: 1 };
    const merchant = await kit.t.services.merchants.resolve({ code: 'demo', host: '' });
    const requestId = randomUUID();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        kit.unchecked.buy(merchant, member, { requestId, points: '25', withdrawPassword: 'x' }),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled').length).toBeGreaterThan(0);
    expect(await pointsOf('ptsbuytwin')).toBe(25n);
    expect(await mainWallet('ptsbuytwin')).toBe(10_000n - 500n);
    expect(await buyTransfers(idOf('ptsbuytwin'))).toBe(1);
  });

  it('never spends the wallet below zero: 20 concurrent buys of 2.00 from 10.00 give exactly 5', async () => {
    await newMember('ptsbuyrace', 1_000n);
    const member = { memberId: idOf('ptsbuyrace'), merchantCode: 'demo', sessionId: '', type: 1 };
    const merchant = await kit.t.services.merchants.resolve({ code: 'demo', host: '' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        kit.unchecked.buy(merchant, member, { requestId: randomUUID(), points: '10', withdrawPassword: 'x' }),
      ),
    );
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason.code] : []));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(5);
    expect(new Set(refused)).toEqual(new Set(['insufficient_funds']));
    expect(await pointsOf('ptsbuyrace')).toBe(50n);
    expect(await entriesOf(idOf('ptsbuyrace'), 'buy')).toHaveLength(5);
    expect(await mainWallet('ptsbuyrace')).toBe(0n);
  });

  it('refuses with its own codes and changes nothing: short of cash, not whole, wrong password (throttled), trial', async () => {
    await newMember('ptsbuybad', 500n); // 5.00
    expect((await buy('ptsbuybad', '30')).json().errorCode).toBe('insufficient_funds'); // 6.00
    await setRules({ convertRatio: '10', buyRatio: '8' }); // 1 point = 0.125: 3 points are no whole cents
    expect((await buy('ptsbuybad', '3')).json().fieldErrors).toEqual([
      { path: 'points', code: 'points_not_whole', params: { ratio: '8' } },
    ]);
    await setRules({ convertRatio: '10', buyRatio: '5' });
    expect((await buy('ptsbuybad', '0')).json().errorCode).toBe('validation_failed');
    expect((await buy('ptsbuybad', '5', { withdrawPassword: 'nope-nope' })).json().fieldErrors).toEqual([
      { path: 'withdrawPassword', code: 'error_withdraw_password' },
    ]);
    for (let i = 0; i < 4; i += 1) await buy('ptsbuybad', '5', { withdrawPassword: 'nope-nope' });
    expect((await buy('ptsbuybad', '5')).json().errorCode).toBe('too_many_requests');
    members.trial = await kit.client.freePlay();
    expect((await buy('trial', '5')).json().errorCode).toBe('in_need_true_account');
    expect(await pointsOf('ptsbuybad')).toBe(0n);
    expect(await mainWallet('ptsbuybad')).toBe(500n);
    expect(await entriesOf(idOf('ptsbuybad'), 'buy')).toEqual([]);
  });

  it('is off at a buy ratio of 0, and a buy ratio above the convert ratio is refused on its field', async () => {
    const above = await setRules({ convertRatio: '10', buyRatio: '11' });
    expect(above.json().fieldErrors).toEqual([{ path: 'buyRatio', code: 'field_too_large', params: { max: '10' } }]);
    expect((await setRules({ convertRatio: '10', buyRatio: '0' })).json().success).toBe(true);
    await newMember('ptsbuyoff', 10_000n);
    expect((await buy('ptsbuyoff', '10')).json().errorCode).toBe('points_buy_off');
    expect(await mainWallet('ptsbuyoff')).toBe(10_000n);
    const audit = await kit.t.database.pool.query<{ details: { after: { buyRatio: string } } }>(
      "SELECT details FROM audit_log WHERE action = 'points.rules_update' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]?.details.after.buyRatio).toBe('0');
    await setRules({ convertRatio: '10', buyRatio: '5' });
  });
});

describe('goods pictures', () => {
  it('stores a checked picture, serves it, audits it, and the mall shows it in the reader’s language', async () => {
    const uploaded = await upload(pngBytes());
    expect(uploaded.json()).toMatchObject({ success: true, value: { mediaType: 'image/png', width: 8, height: 8 } });
    const image = uploaded.json().value as { id: string; url: string };
    const served = await kit.t.request({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(PNG.sync.read(served.rawPayload).width).toBe(8);
    expect(await auditCount('points.image_upload', `image:${image.id}`)).toBe(1);
    const cn = (await upload(jpegBytes())).json().value as { id: string; url: string };

    const created = await admin('POST', '/items', {
      kind: 'physical',
      names: { EN: 'Mug', CN: '杯子' },
      images: { EN: image.id, CN: cn.id },
      pointsRequired: '10',
      amountRequired: '0',
      cashValue: '0',
      quantity: 3,
      perMemberLimit: 1,
      startsAt: null,
      endsAt: null,
      enabled: true,
    });
    expect(created.json().value).toMatchObject({ images: { EN: image.id, CN: cn.id }, imageUrl: image.url });
    const mall = async (language: string) =>
      (
        await kit.client.send({
          method: 'GET',
          url: '/wps/relay/MCS2_getPointReward',
          moduleId: 'PTSYS3',
          headers: { language },
        })
      ).json().value.list as { id: string; name: string; imageUrl: string | null }[];
    expect((await mall('EN')).find((item) => item.id === created.json().value.id)).toMatchObject({
      name: 'Mug',
      imageUrl: image.url,
    });
    expect((await mall('CN')).find((item) => item.id === created.json().value.id)).toMatchObject({
      name: '杯子',
      imageUrl: cn.url,
    });
  });

  it('refuses what is not a picture, too large a file or picture, and ids not of the merchant, storing nothing', async () => {
    const before = Number((await kit.t.database.pool.query('SELECT count(*) FROM points_images')).rows[0].count);
    expect((await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).json().errorCode).toBe(
      'image_invalid',
    );
    const wide = new PNG({ width: 2049, height: 1 });
    expect((await upload(PNG.sync.write(wide))).json().errorCode).toBe('image_too_large');
    const heavy = Buffer.concat([pngBytes(), Buffer.alloc(2 * 1024 * 1024)]);
    expect((await upload(heavy)).json().errorCode).toBe('image_too_large');
    expect((await admin('POST', '/images', { dataBase64: '' })).json().fieldErrors).toMatchObject([
      { path: 'dataBase64', code: 'not_empty' },
    ]);
    expect(Number((await kit.t.database.pool.query('SELECT count(*) FROM points_images')).rows[0].count)).toBe(before);

    // A picture id that is not one of this merchant's (unknown here) is refused on its field.
    const item = {
      kind: 'cash',
      names: { EN: 'Voucher' },
      images: { EN: randomUUID() },
      pointsRequired: '10',
      amountRequired: '0',
      cashValue: '1.00',
      quantity: 3,
      perMemberLimit: 1,
      startsAt: null,
      endsAt: null,
      enabled: true,
    };
    expect((await admin('POST', '/items', item)).json().fieldErrors).toEqual([
      { path: 'images.EN', code: 'field_invalid' },
    ]);
    await kit.t.database.pool.query(
      "INSERT INTO points_images (merchant_code, media_type, bytes, width, height, byte_size) VALUES ('other', 'image/png', $1, 8, 8, 1) ",
      [pngBytes()],
    );
    const foreign = (
      await kit.t.database.pool.query<{ id: string }>("SELECT id FROM points_images WHERE merchant_code = 'other'")
    ).rows[0]?.id;
    expect((await admin('POST', '/items', { ...item, images: { EN: foreign } })).json().fieldErrors).toEqual([
      { path: 'images.EN', code: 'field_invalid' },
    ]);
    expect((await kit.t.request({ method: 'GET', url: '/wps/points/images/not-a-uuid' })).statusCode).toBe(404);
  });
});

describe('the redemption queue', () => {
  it('eight racing rejections of one redemption: one wins, the points come back once, the decision audited once', async () => {
    await newMember('ptsrejrace', 1n);
    await kit.t.request({
      method: 'POST',
      url: `/api/admin/merchants/demo/points/members/${idOf('ptsrejrace')}/adjustments`,
      headers: { authorization: kit.owner },
      payload: { requestId: randomUUID(), points: '500', reason: 'Seed' },
    });
    const item = (
      await admin('POST', '/items', {
        kind: 'physical',
        names: { EN: 'Cap' },
        images: {},
        pointsRequired: '200',
        amountRequired: '0',
        cashValue: '0',
        quantity: 5,
        perMemberLimit: 2,
        startsAt: null,
        endsAt: null,
        enabled: true,
      })
    ).json().value as { id: string };
    const placed = (
      await kit.client.sealed(
        'POST',
        '/wps/relay/passwordCheck/MCS2_redeemPointReward',
        {
          requestId: randomUUID(),
          itemId: item.id,
          quantity: 1,
          withdrawPassword: 'Payout99',
          address: '2 Side Road',
          mobileNum: '+639171234567',
        },
        { moduleId: 'PTSYS3', token: tokenOf('ptsrejrace') },
      )
    ).json().value as { id: string };
    expect(await pointsOf('ptsrejrace')).toBe(300n);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        admin('POST', `/redemptions/${placed.id}/decision`, { approve: false, remark: `Out of stock ${i}` }),
      ),
    );
    const winners = answers.filter((answer) => answer.json().success);
    expect(winners).toHaveLength(1);
    expect(new Set(answers.filter((a) => !a.json().success).map((a) => a.json().errorCode))).toEqual(
      new Set(['order_state_invalid']),
    );
    expect(winners[0]?.json().value.status).toBe('rejected');
    expect(await pointsOf('ptsrejrace')).toBe(500n);
    expect(await entriesOf(idOf('ptsrejrace'), 'refund')).toEqual(['200']);
    expect(await auditCount('points.redemption_reject', `redemption:${placed.id}`)).toBe(1);
  });
});
