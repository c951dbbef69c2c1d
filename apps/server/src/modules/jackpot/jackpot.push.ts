import { formatMinor, JACKPOT_TOPIC } from '@tessera/contracts';
import type { RealtimeHub } from '../../platform/realtime';
import type { JackpotService } from './jackpot.service';

/** How often each process looks for pools whose value changed. */
export const JACKPOT_PUSH_MS = 1000;

/**
 * The live value (decision 0116): contributions are written by a subscriber inside its delivery's transaction, which
 * has no after-commit hook, so a value pushed from there could be one that never commits. Instead every process
 * reads, once a second, the pools changed in the last minute (committed values only) and sends those whose version
 * it has not sent to its own sockets on topic `jackpot` (`deliverLocally`: each process reads for itself, so no
 * fan-out and no duplicates). A browser also reads VIS_getJackpot when it opens or reconnects.
 */
export const createJackpotPush = (jackpot: JackpotService, realtime: Pick<RealtimeHub, 'deliverLocally'>) => {
  const sent = new Map<string, bigint>();
  const pass = async (): Promise<number> => {
    let pushed = 0;
    for (const pool of await jackpot.recentlyChanged()) {
      const key = `${pool.merchantCode}|${pool.currency}`;
      if (sent.get(key) === pool.version) continue;
      sent.set(key, pool.version);
      if (!pool.enabled) continue;
      realtime.deliverLocally({
        to: 'topic',
        merchantCode: pool.merchantCode,
        topic: JACKPOT_TOPIC,
        event: {
          type: 'jackpot.value',
          data: { currency: pool.currency, value: formatMinor(pool.value, pool.currency) },
        },
      });
      pushed += 1;
    }
    return pushed;
  };
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  return {
    pass,
    start: (onError: (error: unknown) => void) => {
      timer = setInterval(() => {
        if (running) return;
        running = true;
        pass()
          .catch(onError)
          .finally(() => {
            running = false;
          });
      }, JACKPOT_PUSH_MS);
      timer.unref();
    },
    stop: () => {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
};
