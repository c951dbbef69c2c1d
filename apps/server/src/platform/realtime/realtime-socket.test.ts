import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRealtimeSocket } from '../../../test/realtime-socket';
import type { MemberPrincipal, MerchantContext } from '../principals';
import { createRealtimeHub } from './realtime-hub';
import { registerRealtimeSocket } from './realtime-socket';

/**
 * The socket's periodic session recheck when the sessions cannot be read (PostgreSQL restarting): the member stays
 * bound until a recheck can tell, the socket keeps answering, and the process goes on. Before, the failed recheck
 * was an unhandled rejection, which ended the server (seen by `npm run chaos` at its PostgreSQL restart, decision
 * 0174), and every frame after it queued behind the rejected promise unanswered.
 */
const merchant = { code: 'demo', version: 1, settings: {}, modules: {} } as unknown as MerchantContext;
const principal: MemberPrincipal = { memberId: 'm1', merchantCode: 'demo', sessionId: 's1', type: 0 };
let sessions: 'up' | 'down' | 'ended' = 'up';
const hub = createRealtimeHub();
const app = Fastify();
let url = '';

beforeAll(async () => {
  await registerRealtimeSocket(
    app,
    hub,
    {
      resolveMerchant: async () => merchant,
      checkSiteAccess: () => {},
      authenticateMember: async (_merchant, token) => {
        if (sessions === 'down') throw new Error('Connection terminated unexpectedly');
        return sessions === 'up' && token === 'good' ? principal : null;
      },
      countryHeader: undefined,
    },
    { sessionRecheckMs: 40 },
  );
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
});
afterAll(async () => {
  await app.close();
});

describe('the realtime socket while the sessions cannot be read', () => {
  it('keeps the member bound and the socket answering, and rechecks once they can', async () => {
    const client = await openRealtimeSocket(url);
    client.send({ op: 'auth', token: 'good' });
    expect(await client.until((m) => m.op === 'ready')).toEqual({ op: 'ready', member: true });

    sessions = 'down';
    // Several rechecks fail meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.send({ op: 'ping' });
    expect(await client.until((m) => m.op === 'pong')).toEqual({ op: 'pong' });
    hub.publishToMember('demo', 'm1', 'wallet.balance', { currency: 'USD', sumBalance: '1.00', balance: [] });
    expect(await client.until((m) => m.op === 'event')).toMatchObject({ type: 'wallet.balance' });

    // Readable again, and the session has ended meanwhile: the next recheck tells the socket.
    sessions = 'ended';
    expect(await client.until((m) => m.op === 'error')).toEqual({
      op: 'error',
      code: 'login.not.session',
      ref: 'auth',
    });
    client.ws.close();
  });
});
