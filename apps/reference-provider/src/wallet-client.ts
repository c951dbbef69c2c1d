import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The provider's side of the platform's seamless wallet (docs/seamless-wallet.md): every call signed with
 * HMAC-SHA256 over the raw body, every answer's signature checked, and transient failures (network errors,
 * timeouts, 5xx, 429, an answer that fails its signature) retried with the same body, which the platform applies
 * once however often it arrives.
 */

export interface WalletAnswer {
  balance: string;
  currency: string;
  transactionId?: string;
  platformTransactionId?: string | null;
  /** What a resettlement or void debit could not take from the balance: left as the member's debt. */
  debt?: string;
}

/** A definitive refusal from the platform (4xx with an error code). */
export class WalletRefusal extends Error {
  override name = 'WalletRefusal';
  constructor(
    readonly code: string,
    readonly status: number,
    readonly value: unknown,
  ) {
    super(code);
  }
}

/** The platform could not be reached or did not answer definitively after every attempt. */
export class WalletUnavailable extends Error {
  override name = 'WalletUnavailable';
}

export interface WalletClientOptions {
  platformUrl: string;
  providerCode: string;
  secret: string;
  /** Attempts per call (the first included). */
  attempts?: number;
  /** Wait before the n-th retry: backoffMs × 2^(n−1). */
  backoffMs?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const sign = (secret: string, raw: string): string => createHmac('sha256', secret).update(raw).digest('hex');

const verified = (secret: string, raw: string, signature: string | null): boolean => {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(sign(secret, raw), 'hex'), Buffer.from(signature, 'hex'));
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const createWalletClient = (options: WalletClientOptions) => {
  const attempts = options.attempts ?? 4;
  const backoffMs = options.backoffMs ?? 150;
  const timeoutMs = options.timeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const base = `${options.platformUrl.replace(/\/$/, '')}/seamless/v1/${encodeURIComponent(options.providerCode)}`;

  const call = async (
    action: 'balance' | 'bet' | 'win' | 'rollback' | 'tip' | 'resettle' | 'void' | 'cashout' | 'promo',
    body: object,
  ): Promise<WalletAnswer> => {
    const raw = JSON.stringify(body);
    let lastProblem = 'no attempt';
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await sleep(backoffMs * 2 ** (attempt - 2));
      let response: Response;
      let text: string;
      try {
        response = await doFetch(`${base}/${action}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-signature': sign(options.secret, raw) },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        lastProblem = (error as Error).message;
        continue;
      }
      if (response.status >= 500 || response.status === 429) {
        lastProblem = `HTTP ${response.status}`;
        continue;
      }
      if (!verified(options.secret, text, response.headers.get('x-signature'))) {
        lastProblem = 'answer without a valid signature';
        continue;
      }
      const envelope = JSON.parse(text) as { success: boolean; value: unknown; errorCode: string | null };
      if (envelope.success) return envelope.value as WalletAnswer;
      throw new WalletRefusal(envelope.errorCode ?? 'unknown_error', response.status, envelope.value);
    }
    throw new WalletUnavailable(`${action}: ${lastProblem}`);
  };

  return {
    balance: (token: string) => call('balance', { token }),
    bet: (input: { token: string; transactionId: string; roundId: string; amount: string; currency: string }) =>
      call('bet', input),
    win: (input: {
      token: string;
      transactionId: string;
      roundId: string;
      amount: string;
      currency: string;
      roundClosed: boolean;
    }) => call('win', input),
    rollback: (input: { token: string; transactionId: string; roundId: string; referenceTransactionId: string }) =>
      call('rollback', input),
    /** A tip to the dealer in a round of the member (a live table's). */
    tip: (input: { token: string; transactionId: string; roundId: string; amount: string; currency: string }) =>
      call('tip', input),
    /** A settled round's new total payout (the platform moves the difference). */
    resettle: (input: { token: string; transactionId: string; roundId: string; amount: string; currency: string }) =>
      call('resettle', input),
    /** A settled round voided: stakes back, payout taken back. */
    void: (input: { token: string; transactionId: string; roundId: string }) => call('void', input),
    /** An open round closed early for the provider's offer `amount`. */
    cashout: (input: { token: string; transactionId: string; roundId: string; amount: string; currency: string }) =>
      call('cashout', input),
    /** A promotional payout with no bet (a tournament prize): `campaignId` names the tournament, `reason` why. */
    promo: (input: {
      token: string;
      transactionId: string;
      campaignId: string;
      reason: 'tournament' | 'free_spins' | 'prize_drop' | 'other';
      amount: string;
      currency: string;
    }) => call('promo', input),
  };
};

export type WalletClient = ReturnType<typeof createWalletClient>;
