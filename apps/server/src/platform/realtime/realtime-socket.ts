import websocket from '@fastify/websocket';
import {
  REALTIME_PATH,
  type RealtimeServerMessage,
  realtimeClientMessageSchema,
  realtimeLimits,
} from '@tessera/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../http/app-error';
import type { MerchantContext } from '../http/context';
import type { RegistrarHooks } from '../http/registrar';
import type { RealtimeConnection, RealtimeHub } from './realtime-hub';

/** How often a bound session is checked again: a logout or an expiry ends the member's stream within this. */
const SESSION_RECHECK_MS = 60_000;
/** Ping interval; a socket that missed one pong is closed. */
const HEARTBEAT_MS = 30_000;
/** Frames a browser may send: a burst, refilled per second. */
const INBOUND_BURST = 30;
const INBOUND_PER_SECOND = 10;

/** WebSocket close codes of this channel (4000-4999 are the application's). */
/**
 * WebSocket close codes of this channel (4000-4999 are the application's). `restarting` (1012, "service restart")
 * is sent to every socket when the instance shuts down: the browser reconnects (through the balancer, to another
 * instance), binds its session again and refetches what it may have missed.
 */
export const realtimeCloseCodes = { tooManyMessages: 4008, restarting: 1012 } as const;
export const RESTARTING_REASON = 'restarting: reconnect';

declare module 'fastify' {
  interface FastifyRequest {
    realtimeMerchant?: MerchantContext;
  }
}

const headerValue = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The realtime endpoint (decision 0018). The merchant comes from the host (or `?merchant=`, browsers cannot
 * set headers on a WebSocket); the session token arrives in the first `auth` frame, never in the URL, so it
 * stays out of access logs. Since no cookie authenticates the socket, a page of another origin gains nothing
 * by opening one.
 */
export const registerRealtimeSocket = async (
  app: FastifyInstance,
  hub: RealtimeHub,
  hooks: Pick<RegistrarHooks, 'resolveMerchant' | 'checkSiteAccess' | 'authenticateMember' | 'countryHeader'> &
    Partial<Pick<RegistrarHooks, 'authenticateOperator'>>,
  options: { sessionRecheckMs?: number } = {},
): Promise<void> => {
  const sockets = new Set<WebSocket>();
  await app.register(websocket, {
    options: { maxPayload: realtimeLimits.maxInboundBytes },
    // As the server starts closing (before it waits for requests to finish), every socket is told to reconnect.
    preClose: function closeSockets(done) {
      for (const socket of sockets) socket.close(realtimeCloseCodes.restarting, RESTARTING_REASON);
      this.websocketServer.close();
      done();
    },
  });

  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      preValidation: async (request) => {
        const query = request.query as Record<string, unknown>;
        const code = typeof query.merchant === 'string' ? query.merchant : (headerValue(request, 'merchant') ?? null);
        const merchant = await hooks.resolveMerchant({ code, host: request.hostname });
        const country = hooks.countryHeader
          ? headerValue(request, hooks.countryHeader.toLowerCase())?.trim().toUpperCase()
          : undefined;
        hooks.checkSiteAccess(merchant, {
          requestId: String(request.id),
          ip: request.ip,
          country: country && /^[A-Z]{2}$/.test(country) ? country : null,
          userAgent: headerValue(request, 'user-agent')?.slice(0, 512) ?? null,
          language: null,
          moduleId: null,
        });
        request.realtimeMerchant = merchant;
      },
    },
    (socket, request) => {
      const merchant = request.realtimeMerchant;
      if (!merchant) {
        socket.close(1011);
        return;
      }
      sockets.add(socket);
      let token: string | null = null;
      let operatorToken: string | null = null;
      let tokens = INBOUND_BURST;
      let lastRefill = Date.now();
      let isAlive = true;
      let queue: Promise<void> = Promise.resolve();

      const send = (message: RealtimeServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const connection: RealtimeConnection = { merchantCode: merchant.code, memberId: null, topics: new Set(), send };
      hub.attach(connection);

      const bind = async (nextToken: string | null): Promise<boolean> => {
        const principal = nextToken ? await hooks.authenticateMember(merchant, nextToken) : null;
        const memberId = principal && principal.merchantCode === merchant.code ? principal.memberId : null;
        token = memberId ? nextToken : null;
        if (memberId !== connection.memberId) hub.setMember(connection, memberId);
        return memberId !== null;
      };

      /** Binds the back office's operator session (the desk's events); without the hook no operator binds. */
      const bindOperator = async (nextToken: string | null): Promise<boolean> => {
        const principal = nextToken && hooks.authenticateOperator ? await hooks.authenticateOperator(nextToken) : null;
        operatorToken = principal ? nextToken : null;
        hub.setOperator(
          connection,
          principal
            ? { operatorId: principal.operatorId, role: principal.role, merchantCode: principal.merchantCode }
            : null,
        );
        return principal !== null;
      };

      // A recheck that cannot read the sessions (PostgreSQL restarting) keeps the bindings until the next one. It
      // must not reject: the socket's frames queue behind it, and an unhandled rejection ends the process.
      const recheck = setInterval(() => {
        if (token === null && operatorToken === null) return;
        queue = queue
          .then(async () => {
            if (token !== null && !(await bind(token))) send({ op: 'error', code: 'login.not.session', ref: 'auth' });
            if (operatorToken !== null && !(await bindOperator(operatorToken))) {
              send({ op: 'error', code: 'login.not.session', ref: 'operator' });
            }
          })
          .catch((error: unknown) => request.log.warn({ err: error }, 'realtime session recheck failed'));
      }, options.sessionRecheckMs ?? SESSION_RECHECK_MS);
      const heartbeat = setInterval(() => {
        if (!isAlive) {
          socket.terminate();
          return;
        }
        isAlive = false;
        socket.ping();
      }, HEARTBEAT_MS);
      socket.on('pong', () => {
        isAlive = true;
      });

      const handle = async (raw: string): Promise<void> => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          send({ op: 'error', code: 'malformed_json' });
          return;
        }
        const result = realtimeClientMessageSchema.safeParse(parsed);
        if (!result.success) {
          send({ op: 'error', code: 'validation_failed' });
          return;
        }
        const message = result.data;
        switch (message.op) {
          case 'auth': {
            const isMember = await bind(message.token);
            if (message.token !== null && !isMember) send({ op: 'error', code: 'login.not.session', ref: 'auth' });
            send({ op: 'ready', member: isMember });
            return;
          }
          case 'operator': {
            const isOperator = await bindOperator(message.token);
            if (message.token !== null && !isOperator)
              send({ op: 'error', code: 'login.not.session', ref: 'operator' });
            send({ op: 'ready', member: connection.memberId !== null, operator: isOperator });
            return;
          }
          case 'subscribe': {
            const error = await hub.subscribe(connection, message.topic);
            if (error) send({ op: 'error', code: error, ref: message.topic });
            return;
          }
          case 'unsubscribe':
            hub.unsubscribe(connection, message.topic);
            send({ op: 'unsubscribed', topic: message.topic });
            return;
          case 'ping':
            send({ op: 'pong' });
            return;
        }
      };

      socket.on('message', (data, isBinary) => {
        const now = Date.now();
        tokens = Math.min(INBOUND_BURST, tokens + ((now - lastRefill) / 1000) * INBOUND_PER_SECOND);
        lastRefill = now;
        if (tokens < 1) {
          socket.close(realtimeCloseCodes.tooManyMessages, 'too_many_requests');
          return;
        }
        tokens -= 1;
        if (isBinary) {
          send({ op: 'error', code: 'unsupported_media_type' });
          return;
        }
        const raw = data.toString();
        queue = queue.then(() =>
          handle(raw).catch((error: unknown) => {
            request.log.warn({ err: error }, 'realtime message failed');
            send({ op: 'error', code: error instanceof AppError ? error.code : 'unknown_error' });
          }),
        );
      });

      socket.on('close', () => {
        clearInterval(recheck);
        clearInterval(heartbeat);
        sockets.delete(socket);
        hub.detach(connection);
      });
      socket.on('error', () => socket.terminate());
    },
  );
};
