import { z } from 'zod';
import { access } from './access';
import { defineEndpoint } from './endpoint';
import { merchantCodeSchema } from './merchants';
import { loginValueSchema } from './session';

/**
 * Social sign-in through OpenID Connect (issue 30, decision 0165): a merchant's providers, the authorization-code
 * flow with PKCE, state and nonce kept on the server, and accounts linked by (provider, issuer, subject), never by
 * e-mail address. Linking a provider to an existing account needs that account's password.
 */

export const SOCIAL_SIGN_IN_LIMITS = {
  nameMax: 40,
  issuerMax: 300,
  clientIdMax: 200,
  clientSecretMax: 500,
  scopesMax: 200,
  providersPerMerchant: 20,
  /** Minutes a started sign-in may take at the provider before its record expires. */
  flowMinutes: 10,
  /** Callbacks and starts an address may make a minute. */
  perMinute: 20,
  /** Longest callback query the member site hands back, in characters. */
  queryMax: 4000,
  /** Telegram login (decision 0173): bot usernames are 5 to 32 characters. */
  telegramBotUsernameMax: 32,
  telegramBotTokenMax: 100,
  /** Seconds Telegram's login data stays good after its auth_date. */
  telegramMaxAgeSeconds: 86_400,
  /** Seconds an auth_date may lie ahead of the server's clock. */
  telegramClockSkewSeconds: 60,
} as const;

/** Where Telegram's login sends the browser (its redirect flow; no Telegram script runs in the member site). */
export const TELEGRAM_LOGIN_ORIGIN = 'https://oauth.telegram.org';

/** The member site's page the providers send the browser back to; register `<site origin>` + this at the provider. */
export const SOCIAL_SIGN_IN_CALLBACK_PATH = '/social-sign-in/callback';

export const socialSignInProviderKinds = ['oidc', 'telegram'] as const;
export type SocialSignInProviderKind = (typeof socialSignInProviderKinds)[number];

export const socialSignInProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** An OpenID Connect provider, or the merchant's Telegram login (decision 0173). */
  kind: z.enum(socialSignInProviderKinds),
});
export type SocialSignInProvider = z.infer<typeof socialSignInProviderSchema>;

export const socialSignInLinkSchema = z.object({
  /** The link's own id: what unlinking names. */
  id: z.string(),
  providerId: z.string(),
  providerName: z.string(),
  linkedAt: z.string(),
});
export type SocialSignInLink = z.infer<typeof socialSignInLinkSchema>;

const providerId = z.uuid({ message: 'field_invalid' });

export const socialSignInCallbackResultSchema = z.discriminatedUnion('outcome', [
  /** Signed in: the account linked to the provider's subject, created on its first sign-in (`created`). */
  z.object({ outcome: z.literal('signed_in'), created: z.boolean(), login: loginValueSchema }),
  /** The signed-in member linked the provider to its account. */
  z.object({ outcome: z.literal('linked'), link: socialSignInLinkSchema }),
]);
export type SocialSignInCallbackResult = z.infer<typeof socialSignInCallbackResultSchema>;

export const socialSignInEndpoints = {
  providers: defineEndpoint({
    name: 'socialSignIn.providers',
    method: 'GET',
    path: '/wps/social-sign-in/providers',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ list: z.array(socialSignInProviderSchema) }),
    summary: "The merchant's enabled OpenID Connect providers in name order: a button each on login and registration.",
  }),
  start: defineEndpoint({
    name: 'socialSignIn.start',
    method: 'POST',
    path: '/wps/social-sign-in/start',
    moduleIds: ['COMM3'],
    access: access.visitor,
    encrypted: false,
    request: z.strictObject({ providerId }),
    response: z.object({ authorizationUrl: z.string() }),
    summary: `Starts a sign-in at the provider: keeps state, nonce and the PKCE verifier in a single-use record of ${SOCIAL_SIGN_IN_LIMITS.flowMinutes} minutes bound to this browser (an httpOnly cookie), and answers the provider's authorization URL (redirect back to ${SOCIAL_SIGN_IN_CALLBACK_PATH}). A disabled or other merchant's provider answers not_found; an unreachable one social_sign_in_provider_unavailable. ${SOCIAL_SIGN_IN_LIMITS.perMinute} a minute an address (too_many_requests).`,
  }),
  callback: defineEndpoint({
    name: 'socialSignIn.callback',
    method: 'POST',
    path: '/wps/social-sign-in/callback',
    moduleIds: ['COMM3'],
    access: access.visitorOrMember,
    encrypted: false,
    request: z.strictObject({
      /** The query string the provider sent the browser back with (code, state, iss, or error). */
      query: z.string().min(1, { message: 'not_empty' }).max(SOCIAL_SIGN_IN_LIMITS.queryMax),
      /** Telegram's login data: the `tgAuthResult` of the fragment Telegram sent the browser back with (base64 JSON). */
      telegramResult: z.string().min(1, { message: 'not_empty' }).max(SOCIAL_SIGN_IN_LIMITS.queryMax).optional(),
    }),
    response: socialSignInCallbackResultSchema,
    summary: `Completes a sign-in or link: checks the record's state (single use, this browser), exchanges the code with the PKCE verifier, checks the ID token's issuer, audience and nonce. Signs in the account linked to (provider, issuer, subject), creating it on the first sign-in as registration does; never links by e-mail. Errors: auth/popup-closed-by-user (the member cancelled at the provider), social_sign_in_state_invalid (unknown, used, expired or another browser's state), social_sign_in_nonce_invalid, social_sign_in_issuer_invalid, social_sign_in_code_invalid (a replayed or wrong code), social_sign_in_already_linked, social_sign_in_provider_unavailable. A Telegram login (telegramResult) is checked as Telegram documents it (HMAC-SHA-256 keyed by SHA-256 of the bot token, auth_date at most a day old, each signed payload once): social_sign_in_telegram_signature_invalid, social_sign_in_telegram_expired, social_sign_in_telegram_replayed, social_sign_in_telegram_disabled. A refusal creates nothing. ${SOCIAL_SIGN_IN_LIMITS.perMinute} a minute an address.`,
  }),
  links: defineEndpoint({
    name: 'socialSignIn.links',
    method: 'GET',
    path: '/wps/social-sign-in/links',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: false,
    request: z.strictObject({}),
    response: z.object({ list: z.array(socialSignInLinkSchema) }),
    summary: "The providers linked to the member's account.",
  }),
  startLink: defineEndpoint({
    name: 'socialSignIn.startLink',
    method: 'POST',
    path: '/wps/social-sign-in/link',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({
      providerId,
      /** The account's password: linking a sign-in to an existing account needs it. */
      password: z.string().min(1, { message: 'not_empty' }).max(128),
    }),
    response: z.object({ authorizationUrl: z.string() }),
    summary: `Starts linking a provider to the signed-in member's account; needs the account's password (password: error_password, rate-limited as logins are). The callback then links the provider's subject to this account (social_sign_in_already_linked if that subject or this provider is linked already). ${SOCIAL_SIGN_IN_LIMITS.perMinute} a minute an address.`,
  }),
  unlink: defineEndpoint({
    name: 'socialSignIn.unlink',
    method: 'POST',
    path: '/wps/social-sign-in/unlink',
    moduleIds: ['COMM3'],
    access: access.realMember,
    encrypted: true,
    request: z.strictObject({
      /** The link to remove: one of the member's own (`GET /wps/social-sign-in/links`). */
      linkId: z.uuid({ message: 'field_invalid' }),
      /** The account's password: removing a way into the account needs it, as adding one does. */
      password: z.string().min(1, { message: 'not_empty' }).max(128),
    }),
    response: z.null(),
    summary:
      "Removes one of the signed-in member's own links; needs the account's password (password: error_password; wrong passwords share the link start's pause). Another member's or an unknown link answers not_found and changes nothing. The account keeps its password, so it can still be signed into. Audited.",
  }),
} as const;

// Back office

export const adminSocialSignInProviderSchema = z.object({
  id: z.string(),
  name: z.string(),
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a client secret is stored; the secret itself is never answered. */
  clientSecretSet: z.boolean(),
  scopes: z.string(),
  enabled: z.boolean(),
  /** Members linked through this provider. */
  links: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminSocialSignInProvider = z.infer<typeof adminSocialSignInProviderSchema>;

const issuerUrl = z
  .string()
  .trim()
  .min(1, { message: 'not_empty' })
  .max(SOCIAL_SIGN_IN_LIMITS.issuerMax, { message: 'field_too_long' })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        if (url.search || url.hash || url.username || url.password) return false;
        if (url.protocol === 'https:') return true;
        // Plain http only for a provider on this machine (development and tests, decision 0165).
        return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
      } catch {
        return false;
      }
    },
    { message: 'field_invalid' },
  );

export const socialSignInProviderInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { message: 'not_empty' })
    .max(SOCIAL_SIGN_IN_LIMITS.nameMax, { message: 'field_too_long' }),
  issuer: issuerUrl,
  clientId: z
    .string()
    .trim()
    .min(1, { message: 'not_empty' })
    .max(SOCIAL_SIGN_IN_LIMITS.clientIdMax, { message: 'field_too_long' }),
  /** Empty or absent on a change: the stored secret stays. Required when adding a provider. */
  clientSecret: z.string().max(SOCIAL_SIGN_IN_LIMITS.clientSecretMax, { message: 'field_too_long' }).optional(),
  scopes: z
    .string()
    .trim()
    .max(SOCIAL_SIGN_IN_LIMITS.scopesMax, { message: 'field_too_long' })
    .refine((value) => /^[\x21-\x7e]+( [\x21-\x7e]+)*$/.test(value) && value.split(' ').includes('openid'), {
      message: 'field_invalid',
    }),
  enabled: z.boolean(),
});
export type SocialSignInProviderInput = z.output<typeof socialSignInProviderInputSchema>;
export type SocialSignInProviderRequest = z.input<typeof socialSignInProviderInputSchema>;

/** The merchant's Telegram login as the back office sees it; the bot token only as set or not. */
export const adminSocialSignInTelegramSchema = z.object({
  /** Null: Telegram login was never set up for the merchant. */
  id: z.string().nullable(),
  botUsername: z.string(),
  botTokenSet: z.boolean(),
  enabled: z.boolean(),
  links: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type AdminSocialSignInTelegram = z.infer<typeof adminSocialSignInTelegramSchema>;

export const socialSignInTelegramInputSchema = z.strictObject({
  /** The bot's username as @BotFather shows it (without @); Telegram's bot usernames end in "bot". */
  botUsername: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .pipe(
      z
        .string()
        .min(1, { message: 'not_empty' })
        .max(SOCIAL_SIGN_IN_LIMITS.telegramBotUsernameMax, { message: 'field_too_long' })
        .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, { message: 'field_invalid' })
        .refine((value) => value.toLowerCase().endsWith('bot'), { message: 'field_invalid' }),
    ),
  /** `<bot id>:<secret>` from @BotFather. Empty or absent on a change: the stored token stays; required the first time. */
  botToken: z
    .string()
    .trim()
    .max(SOCIAL_SIGN_IN_LIMITS.telegramBotTokenMax, { message: 'field_too_long' })
    .refine((value) => value === '' || /^[0-9]{1,20}:[A-Za-z0-9_-]{20,80}$/.test(value), { message: 'field_invalid' })
    .optional(),
  enabled: z.boolean(),
});
export type SocialSignInTelegramInput = z.output<typeof socialSignInTelegramInputSchema>;
export type SocialSignInTelegramRequest = z.input<typeof socialSignInTelegramInputSchema>;

const merchantParams = z.strictObject({ code: merchantCodeSchema });
const idParams = z.strictObject({ code: merchantCodeSchema, id: z.uuid() });

export const adminSocialSignInEndpoints = {
  providers: defineEndpoint({
    name: 'admin.socialSignInProviders',
    method: 'GET',
    path: '/api/admin/merchants/:code/social-sign-in/providers',
    moduleIds: [],
    access: access.operator('socialSignIn.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: z.object({ list: z.array(adminSocialSignInProviderSchema) }),
    summary: "The merchant's OpenID Connect providers in name order; client secrets only as set or not.",
  }),
  create: defineEndpoint({
    name: 'admin.createSocialSignInProvider',
    method: 'POST',
    path: '/api/admin/merchants/:code/social-sign-in/providers',
    moduleIds: [],
    access: access.operator('socialSignIn.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: socialSignInProviderInputSchema,
    response: adminSocialSignInProviderSchema,
    summary: `Adds a provider (display name, issuer URL, client id, client secret, scopes with openid, enabled); the secret is stored encrypted and never answered. Audited. At most ${SOCIAL_SIGN_IN_LIMITS.providersPerMerchant} a merchant (too_many_requests).`,
  }),
  update: defineEndpoint({
    name: 'admin.updateSocialSignInProvider',
    method: 'PUT',
    path: '/api/admin/merchants/:code/social-sign-in/providers/:id',
    moduleIds: [],
    access: access.operator('socialSignIn.manage', 'merchant'),
    encrypted: false,
    params: idParams,
    request: socialSignInProviderInputSchema,
    response: adminSocialSignInProviderSchema,
    summary:
      "Changes a provider; an empty or absent client secret keeps the stored one, a new one replaces it. Audited (never with the secret). Another merchant's provider answers not_found.",
  }),
  telegram: defineEndpoint({
    name: 'admin.socialSignInTelegram',
    method: 'GET',
    path: '/api/admin/merchants/:code/social-sign-in/telegram',
    moduleIds: [],
    access: access.operator('socialSignIn.read', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: z.strictObject({}),
    response: adminSocialSignInTelegramSchema,
    summary: "The merchant's Telegram login (decision 0173): bot username, whether a bot token is stored, enabled.",
  }),
  saveTelegram: defineEndpoint({
    name: 'admin.saveSocialSignInTelegram',
    method: 'PUT',
    path: '/api/admin/merchants/:code/social-sign-in/telegram',
    moduleIds: [],
    access: access.operator('socialSignIn.manage', 'merchant'),
    encrypted: false,
    params: merchantParams,
    request: socialSignInTelegramInputSchema,
    response: adminSocialSignInTelegramSchema,
    summary:
      "Sets up or changes the merchant's Telegram login: the bot's username and token (stored encrypted, never answered; required the first time, an empty one keeps the stored token), enabled. Audited (never with the token).",
  }),
} as const;
