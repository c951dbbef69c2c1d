import { createHmac, timingSafeEqual } from 'node:crypto';
import { type SeamlessAction, seamlessActions, seamlessRequestSchemas } from '@tessera/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error';
import { failureEnvelope, successEnvelope } from '../../platform/http/envelope';
import { parseInput } from '../../platform/http/validation';
import type { ProviderRegistry } from './provider-registry';
import type { SeamlessService } from './seamless.service';

/** Hex HMAC-SHA256 of a raw body under a provider's secret. */
export const seamlessSignature = (secret: string, raw: string): string =>
  createHmac('sha256', secret).update(raw).digest('hex');

const signatureMatches = (secret: string, raw: string, given: string | undefined): boolean => {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  return timingSafeEqual(Buffer.from(seamlessSignature(secret, raw), 'hex'), Buffer.from(given, 'hex'));
};

/**
 * The wallet API outside providers call (docs/seamless-wallet.md): POST /seamless/v1/:provider/:action, the raw
 * body signed in `X-Signature`. Answers are the platform's envelope, signed the same way, so the provider can
 * trust them. A bad signature is refused before anything is read or written.
 */
export const registerSeamlessRoutes = async (
  app: FastifyInstance,
  deps: { seamless: SeamlessService; registry: ProviderRegistry },
): Promise<void> => {
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { provider: string; action: string } }>(
      '/seamless/v1/:provider/:action',
      async (request, reply) => {
        const provider = deps.registry.find(request.params.provider);
        const raw = typeof request.body === 'string' ? request.body : '';
        const send = (status: number, envelope: object) => {
          const text = JSON.stringify(envelope);
          if (provider) reply.header('x-signature', seamlessSignature(provider.secret, text));
          return reply.status(status).type('application/json').send(text);
        };
        const signature = request.headers['x-signature'];
        if (
          !provider ||
          !signatureMatches(provider.secret, raw, typeof signature === 'string' ? signature : undefined)
        ) {
          request.log.warn({ provider: request.params.provider }, 'seamless call with a bad signature refused');
          return send(401, failureEnvelope('provider_signature_invalid'));
        }
        const action = request.params.action as SeamlessAction;
        if (!(seamlessActions as readonly string[]).includes(action)) return send(404, failureEnvelope('not_found'));
        let json: unknown;
        try {
          json = JSON.parse(raw);
        } catch {
          return send(400, failureEnvelope('malformed_json'));
        }
        try {
          const body = parseInput(seamlessRequestSchemas[action], json) as never;
          const value = await deps.seamless[action](provider.code, body);
          return send(200, successEnvelope(value));
        } catch (error) {
          if (error instanceof AppError) {
            return send(error.status, failureEnvelope(error.code, error.value, error.fieldErrors));
          }
          request.log.error({ err: error, action }, 'seamless call failed');
          return send(500, failureEnvelope('unknown_error'));
        }
      },
    );
  });
};
