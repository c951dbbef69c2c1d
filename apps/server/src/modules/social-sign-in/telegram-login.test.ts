import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, decodeTelegramResult, telegramBotIdOf, telegramDataCheckString } from './telegram-login';

const TOKEN = '123456789:AAE-test-token_for-unit-tests0123456';
const NOW = 1_796_000_000;

/** Signs fields as Telegram documents it, computed here independently of the module. */
const sign = <T extends Record<string, string | number>>(fields: T, token = TOKEN): T & { hash: string } => {
  const text = Object.entries(fields)
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  return { ...fields, hash: createHmac('sha256', key).update(text).digest('hex') };
};

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const fieldsOf = (value: unknown) => {
  const fields = decodeTelegramResult(encode(value));
  if (!fields) throw new Error('undecodable');
  return fields;
};

const user = { id: 987654321, first_name: 'Ana', last_name: 'Lee', username: 'ana_l', auth_date: NOW - 60 };

describe('Telegram login check', () => {
  it('builds the data-check-string from every field but hash, sorted by key', () => {
    expect(telegramDataCheckString({ username: 'u', id: '1', hash: 'x', auth_date: '5' })).toBe(
      'auth_date=5\nid=1\nusername=u',
    );
  });

  it('accepts data signed with the bot token (a known vector computed here) and names the user by id', () => {
    const check = checkTelegramLogin(fieldsOf(sign(user)), TOKEN, NOW);
    expect(check).toEqual({
      ok: true,
      user: {
        id: '987654321',
        firstName: 'Ana',
        lastName: 'Lee',
        username: 'ana_l',
        authDate: NOW - 60,
        hash: sign(user).hash,
      },
    });
  });

  it('decodes base64url as Telegram may send it, and unknown fields count in the signature', () => {
    const signed = sign({ ...user, photo_url: 'https://t.me/i/userpic/320/a.jpg?x=~>>' });
    const url = Buffer.from(JSON.stringify(signed)).toString('base64url');
    const fields = decodeTelegramResult(url);
    expect(fields && checkTelegramLogin(fields, TOKEN, NOW).ok).toBe(true);
  });

  it.each([
    ['a changed username', { username: 'someone_else' }],
    ['a changed id', { id: 1 }],
    ['a changed auth_date', { auth_date: NOW - 30 }],
    ['an added field', { last_name: 'Other' }],
  ])('refuses %s', (_label, change) => {
    const forged = { ...sign(user), ...change };
    expect(checkTelegramLogin(fieldsOf(forged), TOKEN, NOW)).toEqual({
      ok: false,
      error: 'social_sign_in_telegram_signature_invalid',
    });
  });

  it("refuses another bot's signature, a removed field and a missing or malformed hash", () => {
    const other = sign(user, '555:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB');
    expect(checkTelegramLogin(fieldsOf(other), TOKEN, NOW).ok).toBe(false);
    const { username: _gone, ...withoutUsername } = sign(user);
    expect(checkTelegramLogin(fieldsOf(withoutUsername), TOKEN, NOW).ok).toBe(false);
    const { hash: _hash, ...unsigned } = sign(user);
    expect(checkTelegramLogin(fieldsOf(unsigned), TOKEN, NOW).ok).toBe(false);
    expect(checkTelegramLogin(fieldsOf({ ...sign(user), hash: 'ab' }), TOKEN, NOW).ok).toBe(false);
  });

  it('refuses data older than a day or dated ahead of the clock, even when signed', () => {
    const stale = sign({ ...user, auth_date: NOW - 86_401 });
    expect(checkTelegramLogin(fieldsOf(stale), TOKEN, NOW)).toEqual({
      ok: false,
      error: 'social_sign_in_telegram_expired',
    });
    expect(checkTelegramLogin(fieldsOf(sign({ ...user, auth_date: NOW - 86_400 })), TOKEN, NOW).ok).toBe(true);
    const future = sign({ ...user, auth_date: NOW + 600 });
    expect(checkTelegramLogin(fieldsOf(future), TOKEN, NOW)).toEqual({
      ok: false,
      error: 'social_sign_in_telegram_expired',
    });
  });

  it('reads a declined login as false and anything but an object of plain fields as null', () => {
    expect(decodeTelegramResult(encode(false))).toBe(false);
    expect(decodeTelegramResult('not base64!')).toBeNull();
    expect(decodeTelegramResult(encode([1, 2]))).toBeNull();
    expect(decodeTelegramResult(encode({ id: { nested: true } }))).toBeNull();
    expect(decodeTelegramResult(encode({ 'Bad-Key': 'x' }))).toBeNull();
    expect(decodeTelegramResult(Buffer.from('{"id":').toString('base64'))).toBeNull();
  });

  it("takes the bot's id from its token", () => {
    expect(telegramBotIdOf(TOKEN)).toBe('123456789');
  });
});
