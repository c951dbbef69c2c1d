import { describe, expect, it } from 'vitest';
import { createWalletClient, sign, WalletRefusal, WalletUnavailable } from '../src/wallet-client';

const SECRET = 'provider-test-secret-0123';

/** A platform stand-in: checks the request signature, answers signed envelopes, fails the first `failures` calls. */
const fakePlatform = (
  failures: number,
  answer: (body: Record<string, unknown>) => { status: number; envelope: object },
) => {
  const seen: { url: string; body: string; signatureOk: boolean }[] = [];
  let calls = 0;
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    const body = String(init?.body ?? '');
    const headers = new Headers(init?.headers);
    seen.push({ url: String(url), body, signatureOk: headers.get('x-signature') === sign(SECRET, body) });
    calls += 1;
    if (calls <= failures) return new Response('busy', { status: 503 });
    const { status, envelope } = answer(JSON.parse(body));
    const text = JSON.stringify(envelope);
    return new Response(text, { status, headers: { 'x-signature': sign(SECRET, text) } });
  }) as typeof fetch;
  return { seen, fetchImpl };
};

const client = (fetchImpl: typeof fetch, attempts = 4) =>
  createWalletClient({
    platformUrl: 'http://platform.test',
    providerCode: 'DEMO',
    secret: SECRET,
    fetch: fetchImpl,
    attempts,
    backoffMs: 1,
  });

describe('the wallet client', () => {
  it('signs the raw body and retries a failed call with the very same body', async () => {
    const platform = fakePlatform(2, () => ({
      status: 200,
      envelope: { success: true, value: { balance: '9.00', currency: 'USD' } },
    }));
    const answer = await client(platform.fetchImpl).bet({
      token: 't',
      transactionId: 'tx',
      roundId: 'r',
      amount: '1.00',
      currency: 'USD',
    });
    expect(answer.balance).toBe('9.00');
    expect(platform.seen).toHaveLength(3);
    expect(new Set(platform.seen.map((call) => call.body)).size).toBe(1);
    expect(platform.seen.every((call) => call.signatureOk)).toBe(true);
    expect(platform.seen[0]?.url).toBe('http://platform.test/seamless/v1/DEMO/bet');
  });

  it('treats a refusal as final and gives up after every attempt failed', async () => {
    const refusing = fakePlatform(0, () => ({
      status: 400,
      envelope: { success: false, errorCode: 'insufficient_funds', value: { balance: '0.50' } },
    }));
    const error = await client(refusing.fetchImpl)
      .bet({ token: 't', transactionId: 'tx', roundId: 'r', amount: '1.00', currency: 'USD' })
      .catch((e) => e);
    expect(error).toBeInstanceOf(WalletRefusal);
    expect(error).toMatchObject({ code: 'insufficient_funds', value: { balance: '0.50' } });
    expect(refusing.seen).toHaveLength(1);
    const down = fakePlatform(10, () => ({ status: 200, envelope: {} }));
    await expect(client(down.fetchImpl, 3).balance('t')).rejects.toBeInstanceOf(WalletUnavailable);
    expect(down.seen).toHaveLength(3);
  });

  it('does not trust an answer whose signature is wrong', async () => {
    const forged = (async () =>
      new Response(JSON.stringify({ success: true, value: { balance: '1000000.00' } }), {
        status: 200,
        headers: { 'x-signature': sign('not-the-secret-at-all', 'x') },
      })) as unknown as typeof fetch;
    await expect(client(forged, 2).balance('t')).rejects.toBeInstanceOf(WalletUnavailable);
  });
});
