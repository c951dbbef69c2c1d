import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { waitFor } from '../../../test/wait-for';
import { RESTARTING_REASON, realtimeCloseCodes } from '../realtime';
import { shutDownGracefully } from './shutdown';

let t: TestApp;
let port: number;
let isClosed = false;

/** Resolves when `release` is called. */
const gate = () => {
  let release: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { opened, release };
};

/** A GET on a connection of its own (no pooled keep-alive connection), as a balancer's health check makes. */
const get = (path: string): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk) => {
        body += String(chunk);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });

const slowEntered = gate();
const slowRelease = gate();

beforeAll(async () => {
  t = await createTestApp();
  // A request that stays in flight until the test lets it finish.
  t.app.get('/test/slow', async () => {
    slowEntered.release();
    await slowRelease.opened;
    return { finished: true };
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  if (!isClosed) await t.app.close();
  await t.database.drop();
});

describe('graceful shutdown', () => {
  it('drains (readyz 503 at once, other requests served), tells sockets to reconnect, finishes requests in flight', async () => {
    expect((await get('/readyz')).status).toBe(200);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/wps/realtime`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const socketClosed = new Promise<{ code: number; reason: string }>((resolve) => {
      socket.once('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
    const slow = get('/test/slow');
    await slowEntered.opened;

    const drain = gate();
    let drainAskedMs = 0;
    const shutdown = shutDownGracefully(t, {
      drainMs: 5000,
      wait: (ms) => {
        drainAskedMs = ms;
        return drain.opened;
      },
    });
    // Draining: the balancer's check fails at once; everything else is still answered.
    const ready = await get('/readyz');
    expect(ready).toEqual({ status: 503, body: JSON.stringify({ status: 'draining' }) });
    expect((await get('/healthz')).status).toBe(200);
    expect(drainAskedMs).toBe(5000);
    expect(socket.readyState).toBe(WebSocket.OPEN);

    // Closing: sockets are told to reconnect, new connections are refused, the request in flight still finishes.
    drain.release();
    expect(await socketClosed).toEqual({ code: realtimeCloseCodes.restarting, reason: RESTARTING_REASON });
    await waitFor(async () =>
      get('/healthz').then(
        () => false,
        (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED',
      ),
    );
    // The close waits for the request in flight.
    const settled = await Promise.race([
      shutdown.then(() => 'closed'),
      new Promise((resolve) => setImmediate(() => resolve('waiting'))),
    ]);
    expect(settled).toBe('waiting');
    slowRelease.release();
    expect(await slow).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
    await shutdown;
    isClosed = true;
  });
});
