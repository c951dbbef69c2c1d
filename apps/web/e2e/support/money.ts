import { randomUUID } from 'node:crypto';
import { type PayloadKey, sealPayload } from '@tessera/client-crypto';
import { DEMO_OPERATOR, type TestServer } from '@tessera/testkit';
import type { Page } from 'playwright-core';

interface Envelope<T> {
  success: boolean;
  value: T;
  errorCode: string | null;
  fieldErrors?: unknown;
}

const call = async <T>(url: string, init: RequestInit): Promise<T> => {
  const response = await fetch(url, init);
  const body = (await response.json()) as Envelope<T>;
  if (!body.success) {
    throw new Error(`${init.method ?? 'GET'} ${url} failed: ${body.errorCode} ${JSON.stringify(body.fieldErrors)}`);
  }
  return body.value;
};

interface Channel {
  id: string;
  kind: 'bank_transfer' | 'gateway' | 'crypto';
}
interface Order {
  id: string;
  reference: string;
  status: string;
}

/** Money set-up for the journeys: the member's side through the site API, the operator's through the admin API. */
export const moneyApi = (server: TestServer) => {
  const member = <T>(token: string, method: string, path: string, body?: unknown) =>
    call<T>(`${server.url}${path}`, {
      method,
      headers: {
        ModuleId: 'COMM3',
        Authorization: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  let operatorToken: string | undefined;
  const operator = async <T>(method: string, path: string, body?: unknown) => {
    operatorToken ??= (
      await call<{ token: string }>(`${server.url}/api/admin/session/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(DEMO_OPERATOR),
      })
    ).token;
    return call<T>(`${server.url}${path}`, {
      method,
      headers: { Authorization: operatorToken, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };

  let payloadKey: PayloadKey | undefined;
  /** A sealed ("(enc)") member call, as the browser sends it. */
  const sealedMember = async <T>(token: string, method: 'POST' | 'PUT', path: string, body: unknown) => {
    payloadKey ??= await member<PayloadKey>(token, 'GET', '/wps/session/key');
    return member<T>(token, method, path, sealPayload(payloadKey, method, path, body));
  };

  /** Sets the member's first withdraw password (proving the login password). */
  const setWithdrawPassword = (token: string, loginPassword: string, withdrawPassword: string) =>
    sealedMember(token, 'PUT', '/wps/member/withdrawPassword', {
      currentPassword: loginPassword,
      newWithdrawPassword: withdrawPassword,
      confirmWithdrawPassword: withdrawPassword,
    });

  /** Sets the first withdraw password and adds a payout method (a member with somewhere to withdraw to). */
  const payoutMethod = async (
    token: string,
    login: { password: string; withdrawPassword: string },
    method: Record<string, string>,
  ): Promise<{ id: string }> => {
    await setWithdrawPassword(token, login.password, login.withdrawPassword);
    return sealedMember<{ id: string }>(token, 'POST', '/wps/withdraw/methods', {
      method,
      withdrawPassword: login.withdrawPassword,
    });
  };

  /** A credit (or debit) of the member's main wallet by the operator, against the adjustments account. */
  const adjust = (memberId: string, amount: string, direction: 'credit' | 'debit' = 'credit') =>
    operator('POST', `/api/admin/merchants/demo/members/${memberId}/adjustments`, {
      requestId: randomUUID(),
      direction,
      amount,
      reason: 'E2E set-up',
    });

  return {
    member,
    operator,
    sealedMember,
    setWithdrawPassword,
    payoutMethod,
    /**
     * A member credited `credit`, with an e-wallet payout method, who asks to withdraw `amount`: the withdrawal
     * pending the operator's decision, the amount held.
     */
    pendingWithdrawal: async (
      token: string,
      memberId: string,
      order: { credit: string; amount: string; login: { password: string; withdrawPassword: string } },
      wallet: { accountId: string; accountName: string },
    ): Promise<Order> => {
      await adjust(memberId, order.credit);
      const method = await payoutMethod(token, order.login, { kind: 'e_wallet', provider: 'GCash', ...wallet });
      return sealedMember<Order>(token, 'POST', '/wps/v2/transaction/withdraw', {
        requestId: randomUUID(),
        payoutMethodId: method.id,
        amount: order.amount,
        withdrawPassword: order.login.withdrawPassword,
      });
    },
    adjust,
    /** A bank-transfer deposit the member declares and the operator approves: the member is credited. */
    creditByBankTransfer: async (token: string, amount: string): Promise<Order> => {
      const channels = await member<Channel[]>(token, 'GET', '/wps/cashier/channels');
      const bank = channels.find((channel) => channel.kind === 'bank_transfer');
      if (!bank) throw new Error('the demo merchant has no bank-transfer channel');
      const order = await member<Order>(token, 'POST', '/wps/cashier/deposits', {
        channelId: bank.id,
        amount,
        payerNote: 'E2E payer',
      });
      return operator<Order>('POST', `/api/admin/merchants/demo/deposits/${order.id}/decision`, { approve: true });
    },
  };
};

/** The header's balance, as its data attribute carries it (the wire amount, or `hidden`). */
export const headerBalance = (page: Page) => page.locator('[data-header-balance] output');

/** Waits until the header shows `amount` (a wire amount such as "50.00"). */
export const waitForHeaderBalance = (page: Page, amount: string, timeout = 10_000) =>
  page.locator(`[data-header-balance] output[data-balance="${amount}"]`).waitFor({ timeout });

/** A wire amount of minor units (1250n → "12.50"). */
export const wire = (amount: bigint) => `${amount / 100n}.${String(amount % 100n).padStart(2, '0')}`;
