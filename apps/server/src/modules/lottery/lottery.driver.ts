import type { LotteryService } from './lottery.service';

/**
 * Wakes this process at each draw time so results are out within a second (decision 0085): the draw job runs
 * every 5 s as the backstop, and both call the same pass, which is safe to run anywhere at once (draws are taken
 * under SKIP LOCKED, tickets close once under their row lock, ledger steps are idempotent by key).
 */
export const createLotteryDriver = (deps: { service: LotteryService; onError: (error: unknown) => void }) => {
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  let pass: Promise<void> = Promise.resolve();

  const nextWake = async (): Promise<number> => {
    const now = Date.now();
    const intervals = [...new Set((await deps.service.games(null, true)).map((g) => g.intervalSeconds))];
    const next = intervals.map((s) => (Math.floor(now / (s * 1000)) + 1) * s * 1000);
    // A little after the draw time (the database's clock may trail this one's by a few ms); at most 5 s away.
    return Math.min(now + 5000, ...next.map((at) => at + 30)) - now;
  };

  const loop = async () => {
    if (!running) return;
    pass = deps.service.runDue().then(
      () => {},
      (error) => deps.onError(error),
    );
    await pass;
    if (!running) return;
    let wait = 1000;
    try {
      wait = await nextWake();
    } catch (error) {
      deps.onError(error);
    }
    if (running) {
      timer = setTimeout(() => void loop(), Math.max(10, wait));
      timer.unref();
    }
  };

  return {
    start: () => {
      if (running) return;
      running = true;
      timer = setTimeout(() => void loop(), 0);
      timer.unref();
    },
    stop: async () => {
      running = false;
      if (timer) clearTimeout(timer);
      timer = null;
      await pass;
    },
  };
};

export type LotteryDriver = ReturnType<typeof createLotteryDriver>;
