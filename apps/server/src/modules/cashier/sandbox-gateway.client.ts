import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../platform/http/app-error';

export interface GatewayConfig {
  baseUrl: string;
  merchantId: string;
  secret: string;
}

/** hex HMAC-SHA256 of `text` with the merchant secret (docs/runbooks/sandbox-gateway.md). */
export const gatewaySignature = (secret: string, text: string): string =>
  createHmac('sha256', secret).update(text).digest('hex');

/** A callback is genuine when its signature covers `<timestamp>.<raw body>` and is fresh (10 minutes). */
export const verifyGatewayCallback = (
  secret: string,
  rawBody: string,
  timestamp: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): boolean => {
  if (!timestamp || !signature || !/^\d{10,16}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now - Number(timestamp)) > 10 * 60_000) return false;
  const expected = Buffer.from(gatewaySignature(secret, `${timestamp}.${rawBody}`), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
};

/** The platform's side of the sandbox gateway's merchant API. */
export const createSandboxGatewayClient = (config: GatewayConfig) => ({
  createPayment: async (payment: {
    merchantOrderId: string;
    amount: bigint;
    currency: string;
    description: string;
    callbackUrl: string;
    returnUrl: string;
  }): Promise<{ paymentId: string; payUrl: string }> => {
    const body = JSON.stringify({ ...payment, amount: payment.amount.toString() });
    let response: Response;
    try {
      response = await fetch(`${config.baseUrl}/api/payments`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-gateway-merchant': config.merchantId,
          'x-gateway-signature': gatewaySignature(config.secret, body),
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      throw new AppError('payment_gateway_unavailable');
    }
    if (response.status !== 201 && response.status !== 200) throw new AppError('payment_gateway_unavailable');
    const value = (await response.json()) as { paymentId?: unknown; payUrl?: unknown };
    if (typeof value.paymentId !== 'string' || typeof value.payUrl !== 'string') {
      throw new AppError('payment_gateway_unavailable');
    }
    return { paymentId: value.paymentId, payUrl: value.payUrl };
  },
});

export type SandboxGatewayClient = ReturnType<typeof createSandboxGatewayClient>;
