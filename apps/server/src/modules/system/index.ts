export { CAPTCHA_COOKIE, CAPTCHA_TTL_MS, type CaptchaService, createCaptchaService } from './captcha.service';
export { registerSystemRoutes } from './system.routes';
export { captchas } from './system.schema';
export { checkSiteAccess } from './system.service';
