import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { GatewayConfig } from './config';
import { Gateway, type GatewayOptions } from './gateway';
import { registerMerchantApi } from './http/merchant-api';
import { registerPayRoutes } from './http/pay-routes';
import { errorPage, notFoundPage } from './pages/templates';

export interface BuildOptions extends Omit<GatewayOptions, 'log'> {
  logLevel?: GatewayConfig['logLevel'];
}

export interface GatewayApp {
  app: FastifyInstance;
  gateway: Gateway;
}

const isPage = (url: string): boolean => url.startsWith('/pay/');

/**
 * The gateway's HTTP service, ready to listen: the merchant API, the hosted page and a health check. Its
 * pending work (expiries, undelivered callbacks) has been resumed; `app.close()` stops it and writes the state.
 */
export const buildApp = async (options: BuildOptions): Promise<GatewayApp> => {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
  });
  const gateway = await Gateway.open({ ...options, log: app.log });
  const now = options.now ?? Date.now;

  app.addHook('onClose', async () => {
    await gateway.close();
  });

  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.setNotFoundHandler((request, reply) => {
    if (isPage(request.url)) {
      return reply
        .code(404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'self'; script-src 'self'; base-uri 'none'")
        .send(notFoundPage());
    }
    return reply.code(404).send({ error: 'not_found' });
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const code =
      status === 413
        ? 'payload_too_large'
        : status === 415
          ? 'unsupported_media_type'
          : status === 500
            ? 'internal_error'
            : 'invalid_request';
    if (isPage(request.url)) {
      const text =
        status === 500 ? 'Something went wrong on our side. Try again in a moment.' : 'The request was not understood.';
      return reply
        .code(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'self'; script-src 'self'; base-uri 'none'")
        .send(errorPage(status === 500 ? 'Something went wrong' : 'Bad request', text));
    }
    return reply.code(status).send({ error: code });
  });

  // Registered after the handlers above, so the routes inherit them.
  await app.register(registerMerchantApi(gateway));
  await app.register(registerPayRoutes(gateway, now));

  await app.ready();
  gateway.start();
  return { app, gateway };
};
