import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { SOCIAL_SIGN_IN_LIMITS } from '@tessera/contracts';

/**
 * Telegram login data (decision 0173), checked as https://core.telegram.org/widgets/login#checking-authorization
 * says: the data-check-string is every received field but `hash`, sorted by key, `key=value` joined by newlines;
 * the key is SHA-256 of the bot token (raw bytes); `hash` must be the hex HMAC-SHA-256 of the string under that key.
 */

/** The fields Telegram sent, each as the text its signature covers. */
export type TelegramFields = Readonly<Record<string, string>>;

export interface TelegramUser {
  /** Telegram's user id: the subject the account is linked by, never the username. */
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  /** Seconds since the epoch when Telegram signed the data. */
  authDate: number;
  hash: string;
}

export type TelegramCheck =
  | { ok: true; user: TelegramUser }
  | { ok: false; error: 'social_sign_in_telegram_signature_invalid' | 'social_sign_in_telegram_expired' };

const MAX_FIELDS = 20;
const MAX_VALUE = 1000;

/**
 * The fields of a `tgAuthResult` (base64 or base64url JSON). Null when it is not an object of plain fields; `false`
 * when Telegram answered that the member declined.
 */
export const decodeTelegramResult = (encoded: string): TelegramFields | false | null => {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (parsed === false) return false;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const entries = Object.entries(parsed);
  if (entries.length > MAX_FIELDS) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of entries) {
    if (!/^[a-z_]{1,32}$/.test(key)) return null;
    if (typeof value === 'number' && Number.isSafeInteger(value)) fields[key] = String(value);
    else if (typeof value === 'string' && value.length <= MAX_VALUE) fields[key] = value;
    else return null;
  }
  return fields;
};

/** Every field but `hash`, sorted by key, `key=value` joined by '\n'. */
export const telegramDataCheckString = (fields: TelegramFields): string =>
  Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');

/** The hex HMAC-SHA-256 of the data-check-string under SHA-256(bot token). */
export const telegramSignature = (botToken: string, fields: TelegramFields): string =>
  createHmac('sha256', createHash('sha256').update(botToken).digest())
    .update(telegramDataCheckString(fields))
    .digest('hex');

/** Checks Telegram's signature under the bot's token (constant time), then the data's age at `nowSeconds`. */
export const checkTelegramLogin = (fields: TelegramFields, botToken: string, nowSeconds: number): TelegramCheck => {
  const { hash, id, auth_date: authDate } = fields;
  if (!hash || !/^[0-9a-f]{64}$/.test(hash) || !id || !/^[0-9]{1,20}$/.test(id) || !authDate) {
    return { ok: false, error: 'social_sign_in_telegram_signature_invalid' };
  }
  const expected = Buffer.from(telegramSignature(botToken, fields), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) {
    return { ok: false, error: 'social_sign_in_telegram_signature_invalid' };
  }
  const signedAt = /^[0-9]{1,12}$/.test(authDate) ? Number(authDate) : Number.NaN;
  if (
    !Number.isFinite(signedAt) ||
    nowSeconds - signedAt > SOCIAL_SIGN_IN_LIMITS.telegramMaxAgeSeconds ||
    signedAt - nowSeconds > SOCIAL_SIGN_IN_LIMITS.telegramClockSkewSeconds
  ) {
    return { ok: false, error: 'social_sign_in_telegram_expired' };
  }
  return {
    ok: true,
    user: {
      id,
      firstName: fields.first_name || null,
      lastName: fields.last_name || null,
      username: fields.username || null,
      authDate: signedAt,
      hash,
    },
  };
};

/** The bot's numeric id: the part of its token before ':' (Telegram's login names the bot by it). */
export const telegramBotIdOf = (botToken: string): string => botToken.slice(0, botToken.indexOf(':'));
