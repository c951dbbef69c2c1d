import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../platform/db/queryable';
import { AppError } from '../../platform/http/app-error';
import { getServerSecret } from '../../platform/security/server-secrets';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import type { MessageSender } from './message-sender';
import type { VerificationRepository } from './verification.repository';

export type CodePurpose = 'login' | 'reset' | 'register' | 'verify_ip';

const CODE_TTL_MINUTES = 5;
const MAX_ATTEMPTS = 5;
const SENDS_PER_HOUR = 10;

const templates: Record<CodePurpose, string> = {
  login: 'Your {site} login code is {code}. It expires in {minutes} minutes. Never share it.',
  reset: 'Your {site} password reset code is {code}. It expires in {minutes} minutes. Never share it.',
  register: 'Your {site} registration code is {code}. It expires in {minutes} minutes.',
  verify_ip: 'Your {site} sign-in verification code is {code}. It expires in {minutes} minutes. Never share it.',
};

const fill = (template: string, params: Record<string, string | number>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => String(params[key] ?? ''));

/** "+65" + "91234567" → "+6591234567": one spelling per phone, whatever the caller sent. */
export const phoneRecipient = (dialingCode: string, number: string): string =>
  `+${dialingCode.replace(/^\+/, '')}${number.replace(/^0+/, '')}`;

export const createVerificationService = (
  db: Queryable,
  repository: VerificationRepository,
  sender: MessageSender,
  limiter: SharedRateLimiter,
) => {
  let secret: Buffer | undefined;
  const hashCode = async (code: string) => {
    secret ??= await getServerSecret(db, 'verification-codes');
    return createHmac('sha256', secret).update(code).digest('hex');
  };

  /** At most one code a second and SENDS_PER_HOUR an hour per recipient; counts this send. */
  const throttleSend = async (merchantCode: string, recipient: string): Promise<{ expiredMinutes: number }> => {
    const key = `code:${merchantCode}:${recipient}`;
    if (!(await limiter.hit(`${key}:s`, 1, 1000)).allowed) throw new AppError('sms_too_frequent');
    const perHour = await limiter.hit(`${key}:h`, SENDS_PER_HOUR, 3_600_000);
    if (!perHour.allowed) throw new AppError('sms_quota_exceeded', { value: { retryAfterMs: perHour.retryAfterMs } });
    return { expiredMinutes: CODE_TTL_MINUTES };
  };

  return {
    /**
     * Counts a send that is answered without one (a number that is not a member's), so that its answers,
     * throttles included, match a real send's.
     */
    throttleSend,

    /**
     * Sends a 6-digit code by SMS or e-mail: at most once per second and ten times an hour per recipient.
     * Returns the minutes it stays valid.
     */
    sendCode: async (input: {
      merchantCode: string;
      siteName: string;
      purpose: CodePurpose;
      channel: 'sms' | 'email';
      recipient: string;
    }): Promise<{ expiredMinutes: number }> => {
      await throttleSend(input.merchantCode, input.recipient);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await repository.insertCode({
        merchantCode: input.merchantCode,
        purpose: input.purpose,
        recipient: input.recipient,
        codeHash: await hashCode(code),
        maxAttempts: MAX_ATTEMPTS,
        expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
      });
      const params = { site: input.siteName, code, minutes: CODE_TTL_MINUTES };
      await sender.send({
        merchantCode: input.merchantCode,
        channel: input.channel,
        recipient: input.recipient,
        template: `verification_${input.purpose}`,
        params,
        body: fill(templates[input.purpose], params),
      });
      return { expiredMinutes: CODE_TTL_MINUTES };
    },

    /**
     * Uses a code once. A wrong code counts an attempt; after five, or after expiry, the code is dead
     * (`verification_code_expired`: send again).
     */
    consumeCode: async (input: { merchantCode: string; purpose: CodePurpose; recipient: string; code: string }) => {
      const live = await repository.attemptLatest(input.merchantCode, input.purpose, input.recipient);
      if (!live) throw new AppError('verification_code_expired');
      const expected = Buffer.from(live.codeHash, 'hex');
      const given = Buffer.from(await hashCode(input.code.trim()), 'hex');
      if (!timingSafeEqual(expected, given)) throw new AppError('verification_code_invalid');
      if (!(await repository.markUsed(live.id))) throw new AppError('verification_code_expired');
    },

    listOutbox: repository.listOutbox,
  };
};

export type VerificationService = ReturnType<typeof createVerificationService>;
