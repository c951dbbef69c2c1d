import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id, m = 19 MiB, t = 2, p = 1: the OWASP baseline that ARCHITECTURE.md section 8 names. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = async (storedHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
};

/** A hash of a random password: verifying against it costs the same as a real one, for unknown usernames. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
};
