import type { FastifyInstance } from 'fastify';
import { failureEnvelope } from '../../platform/http/envelope';
import type { WebAppService } from './webapp.service';
import { isAppIconKind } from './webapp-icon';

/**
 * The installable web app of the merchant behind the host: `/manifest.webmanifest` (revalidated on each use,
 * so a renamed site shows at once) and `/app-icons/<kind>.png` (addressed with the look's version, so cached).
 */
export const registerWebAppRoutes = (app: FastifyInstance, webApp: WebAppService): void => {
  app.get('/manifest.webmanifest', async (request, reply) => {
    const manifest = await webApp.manifest(request.hostname);
    return reply
      .header('content-type', 'application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Host')
      .send(JSON.stringify(manifest));
  });

  app.get<{ Params: { file: string } }>('/app-icons/:file', async (request, reply) => {
    const kind = request.params.file.replace(/\.png$/, '');
    if (!request.params.file.endsWith('.png') || !isAppIconKind(kind)) {
      return reply.status(404).send(failureEnvelope('not_found'));
    }
    const png = await webApp.icon(request.hostname, kind);
    return reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .header('vary', 'Host')
      .send(png);
  });
};
