import { randomUUID } from 'node:crypto';
import { promotionInput } from '@tessera/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedMember } from '../../../test/funded-member';
import { memberClient } from '../../../test/member-client';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * A bonus's title in the member's bonus details (issue 28): the stored title is the promotion's text in the
 * merchant's default language at grant time, but the list answers a promotion's bonus in the reader's language
 * (the promotions module's `titlesIn`, provided to the bonuses module), falling back to the merchant's default
 * language where the promotion has no text in it; a bonus granted by hand without a promotion keeps its reason.
 */

let t: TestApp;
let client: ReturnType<typeof memberClient>;
let owner: string;
let member: { memberId: string; token: string };

const EN_TITLE = 'Daily login bonus';
const AR_TITLE = 'مكافأة تسجيل الدخول اليومية';
const admin = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url: `/api/admin/merchants/demo${url}`, headers: { authorization: owner }, payload });

/** The member's bonus list read in `language` (none: no Language header). */
const titlesIn = async (language: string | null) => {
  const answer = await client.send({
    method: 'GET',
    url: '/wps/bonuses',
    moduleId: 'REWCEN3',
    token: member.token,
    ...(language ? { headers: { language } } : {}),
  });
  expect(answer.json().success, answer.body).toBe(true);
  const list = answer.json().value.list as { id: string; source: string; promotionId: string | null; title: string }[];
  return list;
};

beforeAll(async () => {
  t = await createTestApp();
  client = memberClient(t);
  owner = await t.operatorToken();
  member = await fundedMember(t, client, 'titles1', 10_000n);
});

afterAll(async () => {
  await t?.close();
});

describe("a bonus's title in the reader's language", () => {
  it('answers the promotion’s text per language, falls back to the default, keeps a hand grant’s reason', async () => {
    const created = await admin(
      'POST',
      '/promotions',
      promotionInput({
        kind: 'daily_login',
        category: 'daily',
        texts: {
          EN: { title: EN_TITLE, summary: '', content: '', imageUrl: '' },
          AR: { title: AR_TITLE, summary: '', content: '', imageUrl: '' },
        },
        fixedAmount: '2',
        wageringMultiple: 3,
      }),
    );
    expect(created.json().success, created.body).toBe(true);
    const promotionId = created.json().value.id as string;

    // The member claims it (granted by the engine) and the desk grants its bonus once more by hand.
    const claimed = await client.send({
      method: 'POST',
      url: '/wps/promotions/claim',
      moduleId: 'COMM3',
      token: member.token,
      payload: { promotionId },
      headers: { language: 'AR' },
    });
    expect(claimed.json().success, claimed.body).toBe(true);
    const byHandForPromotion = await admin('POST', `/promotions/${promotionId}/grants`, {
      requestId: randomUUID(),
      account: 'titles1',
      amount: '3',
      reason: 'Missed claim',
    });
    expect(byHandForPromotion.json().success, byHandForPromotion.body).toBe(true);
    // A hand grant without a promotion: its reason is its title in every language.
    const byHand = await admin('POST', `/members/${member.memberId}/bonuses`, {
      requestId: randomUUID(),
      amount: '5.00',
      multiple: 1,
      categories: [],
      expiresInDays: 7,
      reason: 'Welcome back',
    });
    expect(byHand.json().success, byHand.body).toBe(true);

    // Stored: the merchant's default language (EN), whatever language the claim was made in.
    const stored = await t.database.pool.query(
      'SELECT source, title FROM bonuses WHERE member_id = $1 AND promotion_id IS NOT NULL ORDER BY source',
      [member.memberId],
    );
    expect(stored.rows).toEqual([
      { source: 'manual', title: 'Missed claim' },
      { source: 'promotion', title: EN_TITLE },
    ]);

    const shape = (list: Awaited<ReturnType<typeof titlesIn>>) =>
      list.map((b) => ({ source: b.source, promotionId: b.promotionId, title: b.title }));
    const expected = (promotionTitle: string) => [
      { source: 'manual', promotionId: null, title: 'Welcome back' },
      { source: 'manual', promotionId, title: promotionTitle },
      { source: 'promotion', promotionId, title: promotionTitle },
    ];
    // Arabic and English readers each read the promotion's own text.
    expect(shape(await titlesIn('AR'))).toEqual(expected(AR_TITLE));
    expect(shape(await titlesIn('EN'))).toEqual(expected(EN_TITLE));
    // A language the promotion has no text in, or none asked: the merchant's default language.
    expect(shape(await titlesIn('TH'))).toEqual(expected(EN_TITLE));
    expect(shape(await titlesIn(null))).toEqual(expected(EN_TITLE));
  }, 120_000);
});
