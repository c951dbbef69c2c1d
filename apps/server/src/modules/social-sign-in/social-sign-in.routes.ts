import { randomBytes } from 'node:crypto';
import { adminSocialSignInEndpoints, SOCIAL_SIGN_IN_LIMITS, socialSignInEndpoints } from '@tessera/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AdminContext } from '../../platform/http/context';
import type { Registrar } from '../../platform/http/registrar';
import { presentAdminProvider, presentAdminTelegram, presentLink, presentProvider } from './social-sign-in.presenter';
import type { SocialSignInActor, SocialSignInService } from './social-sign-in.service';

/** The httpOnly cookie that binds a started sign-in to the browser that started it (decision 0165). */
export const SOCIAL_SIGN_IN_COOKIE = 'tsr_social';

/** This browser's key, set on the first start (and kept for the flow's lifetime). */
const browserKeyOf = (request: FastifyRequest, reply: FastifyReply): string => {
  const known = request.cookies[SOCIAL_SIGN_IN_COOKIE];
  if (known && /^[A-Za-z0-9_-]{32,64}$/.test(known)) return known;
  const key = randomBytes(32).toString('base64url');
  reply.setCookie(SOCIAL_SIGN_IN_COOKIE, key, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/wps/social-sign-in',
    maxAge: SOCIAL_SIGN_IN_LIMITS.flowMinutes * 60,
  });
  return key;
};

/** The member site's origin as the browser reached it: the providers send the browser back there. */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const registerSocialSignInRoutes = (r: Registrar, social: SocialSignInService): void => {
  r.site(socialSignInEndpoints.providers, async ({ ctx }) => ({
    list: (await social.enabledProviders(ctx.merchant.code)).map(presentProvider),
  }));

  r.site(socialSignInEndpoints.start, async ({ input, ctx, request, reply }) => ({
    authorizationUrl: await social.start(ctx, input.providerId, browserKeyOf(request, reply), originOf(request)),
  }));

  r.site(socialSignInEndpoints.startLink, async ({ input, ctx, request, reply }) => ({
    authorizationUrl: await social.startLink(ctx, ctx.member, input, browserKeyOf(request, reply), originOf(request)),
  }));

  r.site(socialSignInEndpoints.callback, async ({ input, ctx, request }) => {
    const result = await social.callback(
      ctx,
      input.query,
      request.cookies[SOCIAL_SIGN_IN_COOKIE],
      input.telegramResult,
    );
    return result.outcome === 'linked' ? { outcome: 'linked' as const, link: presentLink(result.link) } : result;
  });

  r.site(socialSignInEndpoints.unlink, async ({ input, ctx }) => {
    await social.unlink(ctx, ctx.member, input);
    return null;
  });

  r.site(socialSignInEndpoints.links, async ({ ctx }) => ({
    list: (await social.links(ctx.member.memberId)).map(presentLink),
  }));
};

export const registerSocialSignInAdminRoutes = (r: Registrar, social: SocialSignInService): void => {
  const actorOf = (ctx: AdminContext): SocialSignInActor => ({ operator: ctx.operator, caller: ctx });

  r.admin(adminSocialSignInEndpoints.providers, async ({ ctx }) => ({
    list: (await social.providers(ctx.merchant.code)).map(presentAdminProvider),
  }));
  r.admin(adminSocialSignInEndpoints.create, async ({ input, ctx }) =>
    presentAdminProvider(await social.createProvider(ctx.merchant, input, actorOf(ctx))),
  );
  r.admin(adminSocialSignInEndpoints.update, async ({ input, params, ctx }) =>
    presentAdminProvider(await social.updateProvider(ctx.merchant, params.id, input, actorOf(ctx))),
  );
  r.admin(adminSocialSignInEndpoints.telegram, async ({ ctx }) =>
    presentAdminTelegram(await social.telegram(ctx.merchant.code)),
  );
  r.admin(adminSocialSignInEndpoints.saveTelegram, async ({ input, ctx }) =>
    presentAdminTelegram(await social.saveTelegram(ctx.merchant, input, actorOf(ctx))),
  );
};
