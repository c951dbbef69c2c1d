import type { FastifyInstance } from 'fastify';

/**
 * A graceful shutdown (decision 0120), in the order a load balancer needs:
 * 1. drain: `/readyz` answers 503 at once while every other request is still served, for `drainMs`, long enough
 *    for the balancer's health checks to take the instance out of rotation (`SHUTDOWN_DRAIN_MS`);
 * 2. close: the server stops accepting connections; every WebSocket is closed with 1012 "restarting: reconnect"
 *    (the browser reconnects to another instance); requests in flight finish (a request arriving on a kept-alive
 *    connection meanwhile gets 503 with `Connection: close`); then the app's close hooks stop the job runner
 *    (running jobs finish), event delivery, listeners and module timers.
 * The caller closes the database afterwards and bounds the whole with its grace period.
 */
export const shutDownGracefully = async (
  target: { app: FastifyInstance; startDraining: () => void },
  options: {
    drainMs: number;
    onClosing?: () => void;
    /** How the drain waits (tests end it themselves). */
    wait?: (ms: number) => Promise<void>;
  },
): Promise<void> => {
  target.startDraining();
  const wait = options.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  if (options.drainMs > 0) await wait(options.drainMs);
  options.onClosing?.();
  await target.app.close();
};
