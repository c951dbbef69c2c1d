import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/queryable';
import { getServerSecret } from './server-secrets';

/**
 * AES-256-GCM for small secrets kept at rest (authenticator seeds): a database dump alone does not reveal them.
 * The key is a named server secret; `purpose` is bound as additional data.
 */
export const createSecretBox = (db: Queryable, name: string) => {
  let key: Buffer | undefined;
  const keyOf = async () => {
    key ??= await getServerSecret(db, name);
    return key;
  };
  return {
    seal: async (plaintext: string, purpose: string): Promise<string> => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      cipher.setAAD(Buffer.from(purpose));
      const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
    },
    open: async (sealed: string, purpose: string): Promise<string> => {
      const bytes = Buffer.from(sealed, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', await keyOf(), bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
};
export type SecretBox = ReturnType<typeof createSecretBox>;
