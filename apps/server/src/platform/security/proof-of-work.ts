import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../db/queryable';
import { AppError } from '../http/app-error';
import { getServerSecret } from './server-secrets';

/** The work a browser does per protected request: on average half of this many SHA-256 hashes. */
export const BOT_CHALLENGE_MAX_NUMBER = 100_000;
const CHALLENGE_TTL_MS = 5 * 60_000;

const solutionSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string().regex(/^[0-9a-f]{64}$/),
  number: z.number().int().min(0).max(BOT_CHALLENGE_MAX_NUMBER),
  salt: z.string().max(200),
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A self-hosted proof-of-work bot check in the manner of ALTCHA: the server signs a challenge whose answer
 * it knows; the browser finds it by brute force; the server checks the signature, the answer, the expiry, and
 * that the challenge is used once.
 */
export const createProofOfWork = (db: Queryable, now: () => number = Date.now) => {
  let secret: Buffer | undefined;
  const key = async () => {
    secret ??= await getServerSecret(db, 'bot-check');
    return secret;
  };
  const sign = async (challenge: string) =>
    createHmac('sha256', await key())
      .update(challenge)
      .digest('hex');

  return {
    createChallenge: async () => {
      const salt = `${randomBytes(12).toString('hex')}?expires=${Math.floor((now() + CHALLENGE_TTL_MS) / 1000)}&`;
      const challenge = sha256Hex(salt + randomInt(0, BOT_CHALLENGE_MAX_NUMBER + 1));
      return {
        algorithm: 'SHA-256' as const,
        challenge,
        salt,
        maxNumber: BOT_CHALLENGE_MAX_NUMBER,
        signature: await sign(challenge),
      };
    },

    /** Accepts a solution once; anything else is `bot_check_failed` (a field error on `botCheck`). */
    verify: async (solution: string | undefined): Promise<void> => {
      const fail = () =>
        new AppError('validation_failed', { fieldErrors: [{ path: 'botCheck', code: 'bot_check_failed' }] });
      if (!solution) throw fail();
      let parsed: z.infer<typeof solutionSchema>;
      try {
        parsed = solutionSchema.parse(JSON.parse(Buffer.from(solution, 'base64').toString('utf8')));
      } catch {
        throw fail();
      }
      const expected = Buffer.from(await sign(parsed.challenge), 'hex');
      const given = Buffer.from(parsed.signature, 'hex');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw fail();
      if (sha256Hex(parsed.salt + parsed.number) !== parsed.challenge) throw fail();
      const expires = Number(/[?&]expires=(\d+)/.exec(parsed.salt)?.[1] ?? 0) * 1000;
      if (expires < now()) throw fail();
      const fresh = await db.query(
        'INSERT INTO used_nonces (nonce, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING nonce',
        [`pow:${parsed.challenge}`, new Date(expires)],
      );
      if (fresh.rows.length === 0) throw fail();
    },
  };
};

export type ProofOfWork = ReturnType<typeof createProofOfWork>;
