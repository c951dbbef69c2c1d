import { memberEndpoints, sessionEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import type { ProofOfWork } from '../../platform/security/proof-of-work';
import type { SealedPayloads } from '../../platform/security/sealed-payload';
import { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, type CaptchaService } from '../system';
import type { SessionService } from './session.service';

export const registerSessionRoutes = (
  r: Registrar,
  deps: { session: SessionService; sealed: SealedPayloads; proofOfWork: ProofOfWork; captcha: CaptchaService },
): void => {
  const { session, sealed, proofOfWork, captcha } = deps;

  r.site(sessionEndpoints.payloadKey, async () => ({
    ...(await sealed.currentKey()),
    algorithm: 'ECDH-P256+HKDF-SHA256+A256GCM' as const,
  }));

  r.site(sessionEndpoints.botChallenge, async () => proofOfWork.createChallenge());

  r.site(sessionEndpoints.captcha, async ({ ctx, reply }) => {
    const { id, png } = await captcha.create(ctx.merchant.code, ctx.ip);
    reply.setCookie(CAPTCHA_COOKIE, id, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/wps',
      maxAge: CAPTCHA_TTL_MS / 1000,
    });
    reply.header('cache-control', 'no-store');
    return png.toString('base64');
  });

  r.site(sessionEndpoints.login, async ({ input, ctx, request }) =>
    session.login(ctx, input, request.cookies[CAPTCHA_COOKIE]),
  );

  r.site(sessionEndpoints.loginVerifyCode, async ({ input, ctx }) =>
    session.sendLoginVerifyCode(ctx, input.verifyToken, input.method),
  );

  r.site(sessionEndpoints.loginVerify, async ({ input, ctx }) => session.verifyLogin(ctx, input));

  r.site(sessionEndpoints.smsLoginCode, async ({ input, ctx }) => session.sendSmsCode(ctx, input));

  r.site(sessionEndpoints.logout, async ({ ctx }) => {
    if (ctx.member) await session.logout(ctx.member);
    return null;
  });

  r.site(sessionEndpoints.freePlay, async ({ input, ctx }) => session.freePlay(ctx, input.botCheck));

  r.site(memberEndpoints.changePassword, async ({ input, ctx }) => {
    await session.changePassword(ctx, ctx.member, input);
    return null;
  });
};
