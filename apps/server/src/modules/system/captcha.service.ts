import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import { AppError } from '../../platform/http/app-error';
import { randomCaptchaText, renderCaptchaPng } from '../../platform/security/captcha-image';
import { getServerSecret } from '../../platform/security/server-secrets';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import { createSystemRepository } from './system.repository';

export const CAPTCHA_TTL_MS = 2 * 60_000;
export const CAPTCHA_COOKIE = 'captchaId';

/** `drawText` is injectable so integration tests can answer; production draws at random. */
export const createCaptchaService = (
  pool: pg.Pool,
  limiter: SharedRateLimiter,
  drawText: () => string = () => randomCaptchaText(4),
) => {
  const repository = createSystemRepository(pool);
  let secret: Buffer | undefined;
  const hash = async (answer: string) => {
    secret ??= await getServerSecret(pool, 'captcha');
    return createHmac('sha256', secret).update(answer.trim().toUpperCase()).digest();
  };

  return {
    /** A new captcha: its id (for the cookie) and the PNG. Refreshing is allowed once per second per IP. */
    create: async (merchantCode: string, ip: string): Promise<{ id: string; png: Buffer }> => {
      if (!(await limiter.hit(`captcha:${ip}`, 1, 1000)).allowed) throw new AppError('too_many_requests');
      const text = drawText();
      const id = await repository.insertCaptcha({
        merchantCode,
        answerHash: (await hash(text)).toString('hex'),
        expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
      });
      if (Math.random() < 0.02) await repository.pruneCaptchas();
      return { id, png: renderCaptchaPng(text) };
    },

    /** Uses the captcha once, right or wrong: a second try needs a new image. */
    verify: async (merchantCode: string, id: string | undefined, answer: string | undefined): Promise<boolean> => {
      if (!id || !answer || !/^[0-9a-f-]{36}$/.test(id)) return false;
      const stored = await repository.useCaptcha(merchantCode, id);
      if (!stored) return false;
      return timingSafeEqual(Buffer.from(stored, 'hex'), await hash(answer));
    },
  };
};

export type CaptchaService = ReturnType<typeof createCaptchaService>;
