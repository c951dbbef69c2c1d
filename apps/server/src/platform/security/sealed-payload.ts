import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../db/queryable';
import { AppError } from '../http/app-error';

const PUBLISH_MS = 24 * 60 * 60_000;
const ROTATE_BEFORE_MS = 60 * 60_000;
const GRACE_MS = 60 * 60_000;
const CLOCK_WINDOW_MS = 120_000;
const INFO_PREFIX = 'tessera-sealed-v1:';

const b64u = (bytes: Buffer | Uint8Array) => Buffer.from(bytes).toString('base64url');

export const sealedBodySchema = z.strictObject({
  sealed: z.strictObject({
    v: z.literal(1),
    kid: z.string().min(1).max(64),
    epk: z.string().min(80).max(100),
    iv: z.string().length(16),
    ct: z.string().min(1).max(400_000),
  }),
});

const innerSchema = z.strictObject({
  ts: z.number().int(),
  nonce: z.string().min(16).max(64),
  body: z.unknown(),
});

interface KeyRecord {
  kid: string;
  publicKey: string;
  privateKey: string;
  expiresAt: Date;
}

/** The raw 65-byte uncompressed public point of a P-256 key object. */
const rawPublicKey = (privateDer: Buffer): Buffer => {
  const jwk = createPublicKey(createPrivateKey({ key: privateDer, format: 'der', type: 'pkcs8' })).export({
    format: 'jwk',
  });
  return Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x ?? '', 'base64url'),
    Buffer.from(jwk.y ?? '', 'base64url'),
  ]);
};

/**
 * Opens sealed request bodies (ARCHITECTURE.md section 3; decision 0009). Keys live in the database so every
 * instance can open what any instance published.
 */
export const createSealedPayloads = (db: Queryable, now: () => number = Date.now) => {
  const pruneNonces = async (): Promise<void> => {
    await db.query('DELETE FROM used_nonces WHERE expires_at < now()');
  };

  let cache: { current: KeyRecord; all: Map<string, KeyRecord>; loadedAt: number } | null = null;

  const load = async () => {
    const { rows } = await db.query<KeyRecord>(
      `SELECT kid, private_key AS "privateKey", public_key AS "publicKey", expires_at AS "expiresAt"
         FROM payload_keys WHERE expires_at > $1`,
      [new Date(now() - GRACE_MS)],
    );
    const all = new Map(rows.map((row) => [row.kid, row]));
    const current = rows
      .filter((row) => row.expiresAt.getTime() > now() + ROTATE_BEFORE_MS)
      .sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime())[0];
    return { all, current };
  };

  const rotate = async (): Promise<void> => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const der = privateKey.export({ format: 'der', type: 'pkcs8' });
    await db.query('INSERT INTO payload_keys (kid, private_key, public_key, expires_at) VALUES ($1, $2, $3, $4)', [
      `k${now().toString(36)}${randomBytes(3).toString('hex')}`,
      der.toString('base64'),
      b64u(rawPublicKey(der)),
      new Date(now() + PUBLISH_MS),
    ]);
  };

  const keys = async () => {
    if (cache && now() - cache.loadedAt < 60_000 && cache.current.expiresAt.getTime() > now() + ROTATE_BEFORE_MS) {
      return cache;
    }
    let loaded = await load();
    if (!loaded.current) {
      await rotate();
      loaded = await load();
    }
    if (!loaded.current) throw new Error('no payload key after rotation');
    cache = { current: loaded.current, all: loaded.all, loadedAt: now() };
    return cache;
  };

  const findKey = async (kid: string): Promise<KeyRecord | undefined> => {
    const known = (await keys()).all.get(kid);
    if (known) return known;
    cache = null;
    return (await keys()).all.get(kid);
  };

  return {
    /** The key browsers seal with now. */
    currentKey: async () => {
      const { current } = await keys();
      return { kid: current.kid, publicKey: current.publicKey, expiresAt: current.expiresAt.toISOString() };
    },

    /** Opens a sealed body for `method path`; refuses a missing, tampered, stale or replayed one. */
    open: async (body: unknown, method: string, path: string): Promise<unknown> => {
      const parsed = sealedBodySchema.safeParse(body);
      if (!parsed.success) throw new AppError('request_body_required');
      const { kid, epk, iv, ct } = parsed.data.sealed;
      const key = await findKey(kid);
      if (!key || key.expiresAt.getTime() + GRACE_MS < now()) throw new AppError('request_key_expired');
      let plaintext: Buffer;
      try {
        const epkBytes = Buffer.from(epk, 'base64url');
        const privateKey = createPrivateKey({
          key: Buffer.from(key.privateKey, 'base64'),
          format: 'der',
          type: 'pkcs8',
        });
        const peer = createPublicKey({
          key: { kty: 'EC', crv: 'P-256', x: b64u(epkBytes.subarray(1, 33)), y: b64u(epkBytes.subarray(33, 65)) },
          format: 'jwk',
        });
        const shared = diffieHellman({ privateKey, publicKey: peer });
        const aesKey = Buffer.from(hkdfSync('sha256', shared, epkBytes, Buffer.from(INFO_PREFIX + kid), 32));
        const sealed = Buffer.from(ct, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(`${method.toUpperCase()} ${path}`));
        decipher.setAuthTag(sealed.subarray(sealed.length - 16));
        plaintext = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
      } catch {
        throw new AppError('request_body_invalid');
      }
      let inner: z.infer<typeof innerSchema>;
      try {
        inner = innerSchema.parse(JSON.parse(plaintext.toString('utf8')));
      } catch {
        throw new AppError('request_body_invalid');
      }
      if (Math.abs(now() - inner.ts) > CLOCK_WINDOW_MS) throw new AppError('request_expired');
      const inserted = await db.query(
        'INSERT INTO used_nonces (nonce, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING nonce',
        [inner.nonce, new Date(inner.ts + CLOCK_WINDOW_MS)],
      );
      if (inserted.rows.length === 0) throw new AppError('request_replayed');
      if (Math.random() < 0.01) await pruneNonces();
      return inner.body;
    },

    /** Publishes a fresh key now (operators rotating after a suspected leak; tests). */
    rotate: async () => {
      await rotate();
      cache = null;
    },

    /** Removes used nonces whose window has passed. */
    pruneNonces,
  };
};

export type SealedPayloads = ReturnType<typeof createSealedPayloads>;
