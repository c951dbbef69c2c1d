import { randomUUID } from 'node:crypto';
import type { AuditAction, LoginValue, SocialSignInProviderInput, SocialSignInTelegramInput } from '@tessera/contracts';
import { SOCIAL_SIGN_IN_CALLBACK_PATH, SOCIAL_SIGN_IN_LIMITS, TELEGRAM_LOGIN_ORIGIN } from '@tessera/contracts';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type pg from 'pg';
import { isConstraintViolation } from '../../platform/db/pg-errors';
import { inTransaction } from '../../platform/db/transaction';
import { AppError, fieldError } from '../../platform/http/app-error';
import type { MemberPrincipal, MerchantContext, OperatorPrincipal, SiteVisit } from '../../platform/principals';
import { verifyPassword } from '../../platform/security/password';
import type { SecretBox } from '../../platform/security/secret-box';
import type { SharedRateLimiter } from '../../platform/security/shared-rate-limiter';
import { hashToken } from '../../platform/security/tokens';
import type { AdminService } from '../admin';
import type { MembersService } from '../members';
import type { RegisterService } from '../register';
import type { SessionService } from '../session';
import type { LinkRow, ProviderRow, SocialSignInRepository } from './social-sign-in.repository';
import { checkTelegramLogin, decodeTelegramResult, telegramBotIdOf } from './telegram-login';

export type SocialSignInActor = Parameters<AdminService['auditWith']>[1] & { operator: OperatorPrincipal };

/** How long a provider's discovered metadata is reused before it is fetched again. */
const DISCOVERY_TTL_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Wrong passwords on link starts of one member before they pause for the window. */
const LINK_FAILURE_LIMIT = 10;
const LINK_FAILURE_WINDOW_MS = 15 * 60_000;

/** Plain http only for a provider on this machine (development and tests, decision 0165). */
const isLoopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

const secretPurpose = (providerId: string) => `social-sign-in-client-secret:${providerId}`;

export type CallbackOutcome =
  | { outcome: 'signed_in'; created: boolean; login: LoginValue }
  | { outcome: 'linked'; link: LinkRow };

/** The claim an ID-token check found wrong, from openid-client's error or its causes (`claim`), if any. */
const failedClaimOf = (error: unknown): string | null => {
  let current = error as { cause?: unknown; claim?: unknown } | null;
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current.claim === 'string') return current.claim;
    current = current.cause as typeof current;
  }
  return null;
};

export const createSocialSignInService = (deps: {
  pool: pg.Pool;
  repository: SocialSignInRepository;
  secretBox: SecretBox;
  limiter: SharedRateLimiter;
  members: MembersService;
  session: SessionService;
  register: RegisterService;
  admin: AdminService;
  log: FastifyBaseLogger;
}) => {
  const { repository, secretBox, limiter, members, session, register, log } = deps;
  const discovered = new Map<string, { at: number; version: number; config: oidc.Configuration }>();

  const limitAddress = async (ctx: SiteVisit) => {
    const key = `social-sign-in:ip:${ctx.merchant.code}:${ctx.ip}`;
    if (!(await limiter.hit(key, SOCIAL_SIGN_IN_LIMITS.perMinute, 60_000)).allowed) {
      throw new AppError('too_many_requests');
    }
  };

  /** The provider's client configuration, from its discovery document (cached a while). */
  const configOf = async (provider: ProviderRow): Promise<oidc.Configuration> => {
    const version = provider.updatedAt.getTime();
    const cached = discovered.get(provider.id);
    if (cached && cached.version === version && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
    const issuer = new URL(provider.issuer);
    const secret = provider.clientSecretSealed
      ? await secretBox.open(provider.clientSecretSealed, secretPurpose(provider.id))
      : undefined;
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(
        issuer,
        provider.clientId,
        undefined,
        secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
        {
          timeout: PROVIDER_TIMEOUT_SECONDS,
          ...(issuer.protocol === 'http:' && isLoopback(issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
        },
      );
    } catch (error) {
      log.warn({ providerId: provider.id, err: (error as Error).message }, 'social sign-in discovery failed');
      // The document names another issuer than the one configured: an issuer mix-up, refused.
      if ((error as Error).message.includes('"issuer"')) throw new AppError('social_sign_in_issuer_invalid');
      throw new AppError('social_sign_in_provider_unavailable');
    }
    discovered.set(provider.id, { at: Date.now(), version, config });
    return config;
  };

  const enabledProvider = async (merchantCode: string, providerId: string) => {
    const provider = await repository.provider(merchantCode, providerId);
    if (provider?.kind === 'telegram' && !provider.enabled) throw new AppError('social_sign_in_telegram_disabled');
    if (!provider?.enabled) throw new AppError('not_found');
    return provider;
  };

  const botTokenOf = async (provider: ProviderRow): Promise<string> => {
    if (!provider.clientSecretSealed) throw new AppError('social_sign_in_telegram_disabled');
    return secretBox.open(provider.clientSecretSealed, secretPurpose(provider.id));
  };

  /**
   * Telegram's redirect login (decision 0173): the browser goes to Telegram's login page, which sends it back to
   * `returnTo` with the signed data in the fragment (`#tgAuthResult=`).
   */
  const telegramAuthorizationUrl = async (provider: ProviderRow, origin: string, returnTo: string) => {
    const url = new URL('/auth', TELEGRAM_LOGIN_ORIGIN);
    url.searchParams.set('bot_id', telegramBotIdOf(await botTokenOf(provider)));
    url.searchParams.set('origin', origin);
    url.searchParams.set('request_access', 'write');
    url.searchParams.set('return_to', returnTo);
    return url.href;
  };

  /** Checks Telegram's login data under the provider's bot token, once: the account's subject, or the refusal. */
  const telegramIdentityOf = async (ctx: SiteVisit, provider: ProviderRow, result: string | undefined) => {
    const fields = result === undefined ? false : decodeTelegramResult(result);
    // Back without login data (or Telegram's "declined"): the member cancelled at Telegram.
    if (fields === false) throw new AppError('auth/popup-closed-by-user');
    if (fields === null) throw new AppError('social_sign_in_telegram_signature_invalid');
    const check = checkTelegramLogin(fields, await botTokenOf(provider), Math.floor(Date.now() / 1000));
    if (!check.ok) throw new AppError(check.error);
    const expiresAt = new Date(
      (check.user.authDate +
        SOCIAL_SIGN_IN_LIMITS.telegramMaxAgeSeconds +
        SOCIAL_SIGN_IN_LIMITS.telegramClockSkewSeconds) *
        1000,
    );
    if (!(await repository.useTelegramPayload(ctx.merchant.code, check.user.hash, expiresAt))) {
      throw new AppError('social_sign_in_telegram_replayed');
    }
    const name = [check.user.firstName, check.user.lastName].filter(Boolean).join(' ') || check.user.username;
    return { issuer: TELEGRAM_LOGIN_ORIGIN, subject: check.user.id, name };
  };

  /** Starts a flow: its record, and the provider's authorization URL. */
  const startFlow = async (
    ctx: SiteVisit,
    provider: ProviderRow,
    browserKey: string,
    origin: string,
    intent: 'sign_in' | 'link',
    memberId: string | null,
  ): Promise<string> => {
    const state = oidc.randomState();
    // Normalised as URL does it (no default port), so the code exchange names the same redirect URI.
    const redirectUri = new URL(SOCIAL_SIGN_IN_CALLBACK_PATH, origin).href;
    const flow = {
      state,
      merchantCode: ctx.merchant.code,
      providerId: provider.id,
      intent,
      memberId,
      browserHash: hashToken(browserKey),
      expiresAt: new Date(Date.now() + SOCIAL_SIGN_IN_LIMITS.flowMinutes * 60_000),
    };
    if (provider.kind === 'telegram') {
      // Telegram sends the browser back to return_to as given, so the state rides in its query.
      const returnTo = new URL(redirectUri);
      returnTo.searchParams.set('state', state);
      const url = await telegramAuthorizationUrl(provider, new URL(origin).origin, returnTo.href);
      await repository.insertFlow({ ...flow, nonce: '', codeVerifier: '', redirectUri: returnTo.href });
      return url;
    }
    const config = await configOf(provider);
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    await repository.insertFlow({ ...flow, nonce, codeVerifier, redirectUri });
    return oidc
      .buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: provider.scopes,
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      })
      .toString();
  };

  /** Exchanges the code and checks the ID token: the provider's issuer and subject, or the refusal's code. */
  const identityOf = async (
    provider: ProviderRow,
    flow: { nonce: string; codeVerifier: string; state: string; redirectUri: string },
    params: URLSearchParams,
  ) => {
    const config = await configOf(provider);
    const issuer = config.serverMetadata().issuer;
    const returnedIssuer = params.get('iss');
    if (returnedIssuer !== null && returnedIssuer !== issuer) throw new AppError('social_sign_in_issuer_invalid');
    const currentUrl = new URL(flow.redirectUri);
    currentUrl.search = params.toString();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      const claim = failedClaimOf(error);
      if (claim === 'nonce') throw new AppError('social_sign_in_nonce_invalid');
      if (claim === 'iss' || /\biss\b|issuer/.test((error as Error).message)) {
        throw new AppError('social_sign_in_issuer_invalid');
      }
      if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') {
        throw new AppError('social_sign_in_code_invalid');
      }
      log.warn({ providerId: provider.id, err: (error as Error).message }, 'social sign-in code exchange failed');
      throw new AppError('social_sign_in_provider_unavailable');
    }
    const claims = tokens.claims();
    if (!claims?.sub || claims.iss !== issuer) throw new AppError('social_sign_in_issuer_invalid');
    const name = typeof claims.name === 'string' ? claims.name : null;
    return { issuer, subject: claims.sub, name };
  };

  const audited = (
    actor: SocialSignInActor,
    merchantCode: string,
    action: AuditAction,
    target: string,
    details: Record<string, unknown>,
    work: (client: pg.PoolClient) => Promise<void>,
  ) =>
    inTransaction(deps.pool, async (client) => {
      await work(client);
      await deps.admin.auditWith(client, actor, { action, target, merchantCode, details });
    });

  /** A member's own change (link, unlink) in the audit log: no operator, the member's address and browser. */
  const memberActor = (ctx: SiteVisit) => ({ operator: null, caller: { ip: ctx.ip, userAgent: ctx.userAgent } });

  /**
   * The signed-in member, once its password is proven. Wrong passwords of link starts and unlinks count together:
   * LINK_FAILURE_LIMIT in the window pause both.
   */
  const passwordChecked = async (principal: MemberPrincipal, password: string) => {
    const failures = `social-sign-in:link-fail:${principal.memberId}`;
    if ((await limiter.peek(failures, LINK_FAILURE_WINDOW_MS)) >= LINK_FAILURE_LIMIT) {
      throw new AppError('too_many_requests');
    }
    const member = await members.findById(principal.memberId);
    if (!member) throw new AppError('login.not.session');
    if (!(await verifyPassword(member.passwordHash, password))) {
      await limiter.hit(failures, Number.MAX_SAFE_INTEGER, LINK_FAILURE_WINDOW_MS);
      throw fieldError('password', 'error_password');
    }
    return member;
  };

  const valuesOf = (input: SocialSignInProviderInput) => ({
    name: input.name,
    issuer: input.issuer,
    clientId: input.clientId,
    scopes: input.scopes,
    enabled: input.enabled,
  });

  return {
    /** The merchant's enabled providers (the member site's buttons). */
    enabledProviders: async (merchantCode: string) =>
      (await repository.providers(merchantCode)).filter((provider) => provider.enabled),

    /** Starts a sign-in (or the account's creation) at the provider. */
    start: async (ctx: SiteVisit, providerId: string, browserKey: string, origin: string) => {
      await limitAddress(ctx);
      const provider = await enabledProvider(ctx.merchant.code, providerId);
      return startFlow(ctx, provider, browserKey, origin, 'sign_in', null);
    },

    /** Starts linking a provider to the signed-in member's account; the account's password proves it is theirs. */
    startLink: async (
      ctx: SiteVisit,
      principal: MemberPrincipal,
      input: { providerId: string; password: string },
      browserKey: string,
      origin: string,
    ) => {
      await limitAddress(ctx);
      const member = await passwordChecked(principal, input.password);
      const provider = await enabledProvider(ctx.merchant.code, input.providerId);
      return startFlow(ctx, provider, browserKey, origin, 'link', member.id);
    },

    /**
     * The provider sent the browser back: uses up the flow (single use, this browser), then signs in the linked
     * account, creates one on the first sign-in, or links the signed-in member. Nothing is created on a refusal.
     */
    callback: async (
      ctx: SiteVisit,
      query: string,
      browserKey: string | undefined,
      telegramResult?: string,
    ): Promise<CallbackOutcome> => {
      await limitAddress(ctx);
      const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
      const state = params.get('state');
      if (!state || !browserKey) throw new AppError('social_sign_in_state_invalid');
      const flow = await repository.consumeFlow(ctx.merchant.code, state, hashToken(browserKey));
      if (!flow) throw new AppError('social_sign_in_state_invalid');
      const error = params.get('error');
      if (error === 'access_denied') throw new AppError('auth/popup-closed-by-user');
      if (error !== null) throw new AppError('social_sign_in_provider_unavailable');
      const provider = await enabledProvider(ctx.merchant.code, flow.providerId);
      const identity =
        provider.kind === 'telegram'
          ? await telegramIdentityOf(ctx, provider, telegramResult)
          : await identityOf(provider, flow, params);
      const link = { merchantCode: ctx.merchant.code, providerId: provider.id, ...identity };

      if (flow.intent === 'link') {
        const memberId = ctx.member?.memberId;
        if (!memberId || memberId !== flow.memberId) throw new AppError('social_sign_in_state_invalid');
        let done: { id: string; createdAt: Date };
        try {
          done = await inTransaction(deps.pool, async (client) => {
            const inserted = await repository.insertLink(client, { ...link, memberId });
            await deps.admin.auditWith(client, memberActor(ctx), {
              action: 'social_sign_in.member_link',
              target: memberId,
              merchantCode: ctx.merchant.code,
              details: { linkId: inserted.id, providerId: provider.id, providerName: provider.name },
            });
            return inserted;
          });
        } catch (insertError) {
          if (isConstraintViolation(insertError)) throw new AppError('social_sign_in_already_linked');
          throw insertError;
        }
        log.info({ memberId, providerId: provider.id, linkId: done.id }, 'social sign-in linked');
        return {
          outcome: 'linked',
          link: {
            id: done.id,
            providerId: provider.id,
            providerName: provider.name,
            memberId,
            createdAt: done.createdAt,
          },
        };
      }

      const existing = await repository.findLink(provider.id, identity.issuer, identity.subject);
      if (existing) {
        const member = await members.findById(existing.memberId);
        if (!member) throw new AppError('social_sign_in_state_invalid');
        return { outcome: 'signed_in', created: false, login: await session.signInVerified(member, ctx) };
      }
      try {
        const login = await register.registerLinked(ctx, identity.name, async (client, member) => {
          await repository.insertLink(client, { ...link, memberId: member.id });
        });
        return { outcome: 'signed_in', created: true, login };
      } catch (insertError) {
        // The same subject's first sign-in, twice at once: the other one created the account.
        if (isConstraintViolation(insertError, 'social_sign_in_links_subject_idx')) {
          throw new AppError('social_sign_in_already_linked');
        }
        throw insertError;
      }
    },

    links: (memberId: string) => repository.linksOf(memberId),

    /**
     * Removes one of the member's own links; the account's password proves it is theirs (wrong ones share the link
     * start's pause). Someone else's link answers not_found and stays. The account keeps its password (accounts made
     * by a first social sign-in get a random one, decision 0165), so removing the last link never locks anyone out:
     * whoever passes this check knows a password that still signs in.
     */
    unlink: async (ctx: SiteVisit, principal: MemberPrincipal, input: { linkId: string; password: string }) => {
      const member = await passwordChecked(principal, input.password);
      await inTransaction(deps.pool, async (client) => {
        const removed = await repository.deleteLink(client, member.id, input.linkId);
        if (!removed) throw new AppError('not_found');
        await deps.admin.auditWith(client, memberActor(ctx), {
          action: 'social_sign_in.member_unlink',
          target: member.id,
          merchantCode: ctx.merchant.code,
          details: { linkId: input.linkId, providerId: removed.providerId, providerName: removed.providerName },
        });
      });
      log.info({ memberId: member.id, linkId: input.linkId }, 'social sign-in unlinked');
    },

    // Back office

    providers: async (merchantCode: string) =>
      (await repository.providers(merchantCode)).filter((provider) => provider.kind === 'oidc'),

    telegram: (merchantCode: string) => repository.telegramProvider(merchantCode),

    /** Sets up or changes the merchant's Telegram login; the bot token is sealed as client secrets are. */
    saveTelegram: async (merchant: MerchantContext, input: SocialSignInTelegramInput, actor: SocialSignInActor) => {
      const existing = await repository.telegramProvider(merchant.code);
      if (!existing && !input.botToken) throw fieldError('botToken', 'not_empty');
      const id = existing?.id ?? randomUUID();
      const sealed = input.botToken ? await secretBox.seal(input.botToken, secretPurpose(id)) : null;
      const values = {
        name: 'Telegram',
        issuer: TELEGRAM_LOGIN_ORIGIN,
        clientId: input.botUsername,
        scopes: '',
        enabled: input.enabled,
      };
      const details = {
        botUsername: input.botUsername,
        enabled: input.enabled,
        botToken: existing ? (sealed ? 'replaced' : 'kept') : 'set',
      };
      try {
        await audited(actor, merchant.code, 'social_sign_in.telegram_update', id, details, async (client) => {
          if (!existing) {
            await repository.insertProvider(client, id, merchant.code, values, sealed, 'telegram');
          } else if (!(await repository.updateProvider(client, merchant.code, id, values, sealed, 'telegram'))) {
            throw new AppError('not_found');
          }
        });
      } catch (error) {
        // Two first saves at once: the other one set Telegram up.
        if (isConstraintViolation(error, 'social_sign_in_providers_telegram_idx')) throw new AppError('conflict');
        throw error;
      }
      const row = await repository.telegramProvider(merchant.code);
      if (!row) throw new Error('telegram provider save lost');
      return row;
    },

    createProvider: async (merchant: MerchantContext, input: SocialSignInProviderInput, actor: SocialSignInActor) => {
      if (!input.clientSecret) throw fieldError('clientSecret', 'not_empty');
      const id = randomUUID();
      const sealed = await secretBox.seal(input.clientSecret, secretPurpose(id));
      await audited(
        actor,
        merchant.code,
        'social_sign_in.provider_create',
        id,
        { ...valuesOf(input), clientSecret: 'set' },
        async (client) => {
          if ((await repository.countProviders(client, merchant.code)) >= SOCIAL_SIGN_IN_LIMITS.providersPerMerchant) {
            throw new AppError('too_many_requests');
          }
          await repository.insertProvider(client, id, merchant.code, valuesOf(input), sealed);
        },
      );
      const row = await repository.provider(merchant.code, id);
      if (!row) throw new Error('provider insert lost');
      return row;
    },

    updateProvider: async (
      merchant: MerchantContext,
      id: string,
      input: SocialSignInProviderInput,
      actor: SocialSignInActor,
    ) => {
      if ((await repository.provider(merchant.code, id))?.kind !== 'oidc') throw new AppError('not_found');
      const sealed = input.clientSecret ? await secretBox.seal(input.clientSecret, secretPurpose(id)) : null;
      await audited(
        actor,
        merchant.code,
        'social_sign_in.provider_update',
        id,
        { ...valuesOf(input), clientSecret: sealed ? 'replaced' : 'kept' },
        async (client) => {
          if (!(await repository.updateProvider(client, merchant.code, id, valuesOf(input), sealed))) {
            throw new AppError('not_found');
          }
        },
      );
      discovered.delete(id);
      const row = await repository.provider(merchant.code, id);
      if (!row) throw new AppError('not_found');
      return row;
    },
  };
};

export type SocialSignInService = ReturnType<typeof createSocialSignInService>;
