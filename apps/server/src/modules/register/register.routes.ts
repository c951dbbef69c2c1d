import { registerEndpoints } from '@tessera/contracts';
import type { Registrar } from '../../platform/http/registrar';
import { CAPTCHA_COOKIE } from '../system';
import type { RegisterService } from './register.service';

export const registerRegisterRoutes = (r: Registrar, register: RegisterService): void => {
  r.site(registerEndpoints.register, async ({ input, ctx, request }) =>
    register.register(ctx, input, 'username', request.cookies[CAPTCHA_COOKIE]),
  );
  r.site(registerEndpoints.registerMobile, async ({ input, ctx, request }) =>
    register.register(ctx, input, 'mobile', request.cookies[CAPTCHA_COOKIE]),
  );
  r.site(registerEndpoints.smsCode, async ({ input, ctx }) => register.sendCode(ctx, input));
  r.site(registerEndpoints.affiliate, async ({ input, ctx }) => register.checkAffiliate(ctx, input.code));
};
