import { localKeys, merchantSessionKeys, sessionKeys } from './storage-keys';

/**
 * Storage can be unavailable (private modes, blocked cookies); the site then keeps working without memory
 * instead of failing, which is why each access is guarded.
 */
const read = (storage: () => Storage, key: string): string | null => {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
};

const write = (storage: () => Storage, key: string, value: string): void => {
  try {
    storage().setItem(key, value);
  } catch {
    // Storage full or blocked: the value lives only in memory for this page.
  }
};

const session = () => window.sessionStorage;
const local = () => window.localStorage;

export const readSession = (key: string): string | null => read(session, key);
export const writeSession = (key: string, value: string): void => write(session, key, value);
export const readLocal = (key: string): string | null => read(local, key);
export const writeLocal = (key: string, value: string): void => write(local, key, value);

/** The raw session token, as the API expects it in `Authorization`. */
export const readToken = (): string | null => readSession(sessionKeys.token) || null;

export const hasSessionToken = (): boolean => readToken() !== null;

/** Keeps the merchant code where spec section 9 says: two session keys and one local key. */
export const storeMerchantCode = (code: string): void => {
  writeSession(sessionKeys.merchant, code);
  writeSession(sessionKeys.merchantCode, code);
  writeLocal(localKeys.merchantCode, code);
};

/** Clears session storage but keeps the merchant code (logout, lost session). */
export const clearSessionKeepingMerchant = (): void => {
  const kept = merchantSessionKeys
    .map((key) => [key, readSession(key)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null);
  try {
    session().clear();
  } catch {
    return;
  }
  for (const [key, value] of kept) writeSession(key, value);
};
