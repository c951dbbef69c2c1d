import pg from 'pg';
import type { CrashDriver } from './crash.driver';
import type { LeaderFence } from './crash.repository';
import { LostLeadershipError } from './crash.service';

/** The advisory lock whose holder drives every merchant's crash rounds (two int4 keys: objsubid 2 in pg_locks). */
export const CRASH_LEADER_LOCK = [0x7e55, 1] as const;

interface Slot {
  timer: NodeJS.Timeout | null;
}

/**
 * Leader election and scheduling of the crash rounds (decision 0022). Every server process runs one loop; the
 * one whose dedicated connection holds the session advisory lock drives the rounds of every enabled merchant,
 * the others only serve requests and retry the lock. A dead leader's connection drops its lock and another
 * process takes over where the database says the rounds are. Each phase change re-checks the lock in SQL (the
 * fence), so a leader that lost its lock without noticing changes nothing.
 */
export const createCrashLoop = (deps: {
  pool: pg.Pool;
  driver: CrashDriver;
  /** The merchants whose rounds run (the enabled ones). */
  merchantCodes: () => Promise<string[]>;
  onError: (error: unknown, context: string) => void;
  electionMs?: number;
  merchantRefreshMs?: number;
  /** The longest sleep between two steps of a merchant, whatever is due. */
  maxSleepMs?: number;
  retryMs?: number;
}) => {
  const electionMs = deps.electionMs ?? 2000;
  const merchantRefreshMs = deps.merchantRefreshMs ?? 30_000;
  const maxSleepMs = deps.maxSleepMs ?? 1000;
  const retryMs = deps.retryMs ?? 1000;
  const slots = new Map<string, Slot>();
  const inFlight = new Set<Promise<unknown>>();
  let lockClient: pg.Client | null = null;
  let fence: LeaderFence | null = null;
  let driving = false;
  let electing: Promise<boolean> | null = null;
  let timers: NodeJS.Timeout[] = [];

  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  const stopDrivers = () => {
    for (const slot of slots.values()) if (slot.timer) clearTimeout(slot.timer);
    slots.clear();
  };

  const lose = (reason: unknown) => {
    if (fence) deps.onError(reason, 'crash leadership lost');
    fence = null;
    stopDrivers();
    const client = lockClient;
    lockClient = null;
    client?.end().catch(() => {});
  };

  const schedule = (code: string, slot: Slot, waitMs: number) => {
    if (slots.get(code) !== slot || !fence) return;
    const delay = Math.max(0, Math.min(maxSleepMs, Math.ceil(waitMs)));
    slot.timer = setTimeout(() => drive(code, slot), delay);
  };

  const drive = (code: string, slot: Slot) => {
    slot.timer = null;
    const current = fence;
    if (slots.get(code) !== slot || !current) return;
    void track(
      deps.driver.step(code, current).then(
        (waitMs) => schedule(code, slot, waitMs),
        (error: unknown) => {
          if (error instanceof LostLeadershipError) return lose(error);
          deps.onError(error, `crash round of ${code}`);
          schedule(code, slot, retryMs);
        },
      ),
    );
  };

  /** Starts a driver for each enabled merchant without one, stops those of merchants no longer listed. */
  const syncMerchants = async () => {
    if (!fence || !driving) return;
    const codes = new Set(await deps.merchantCodes());
    for (const [code, slot] of slots) {
      if (codes.has(code)) continue;
      if (slot.timer) clearTimeout(slot.timer);
      slots.delete(code);
    }
    for (const code of codes) {
      if (slots.has(code) || !fence) continue;
      const slot: Slot = { timer: null };
      slots.set(code, slot);
      drive(code, slot);
    }
  };

  const connect = async (): Promise<pg.Client> => {
    // The process id in the name tells an operator (and `npm run chaos`) which instance leads.
    const client = new pg.Client({ ...deps.pool.options, application_name: `tessera-crash-leader ${process.pid}` });
    client.on('error', (error) => {
      if (lockClient === client) lose(error);
    });
    await client.connect();
    lockClient = client;
    return client;
  };

  const elect = async (): Promise<boolean> => {
    if (fence && lockClient) {
      try {
        await lockClient.query('SELECT 1');
        return true;
      } catch (error) {
        lose(error);
        return false;
      }
    }
    try {
      const client = lockClient ?? (await connect());
      const { rows } = await client.query<{ ok: boolean; pid: number }>(
        'SELECT pg_try_advisory_lock($1, $2) AS ok, pg_backend_pid() AS pid',
        [...CRASH_LEADER_LOCK],
      );
      const row = rows[0];
      if (!row?.ok) return false;
      fence = { pid: row.pid, keys: CRASH_LEADER_LOCK };
      await syncMerchants();
      return true;
    } catch (error) {
      deps.onError(error, 'crash leader election');
      lose(error);
      return false;
    }
  };

  /** One election attempt (or, for the leader, a check that its lock connection lives); true when leading. */
  const tryLead = (): Promise<boolean> => {
    electing ??= elect().finally(() => {
      electing = null;
    });
    return electing;
  };

  return {
    tryLead,

    isLeader: () => fence !== null,

    /**
     * Picks up the enabled merchants now rather than at the next refresh: the process calls it once it has
     * seeded or changed merchants, so a merchant's first round does not wait up to `merchantRefreshMs`.
     * Nothing happens while this process does not lead (the leader syncs when it is elected).
     */
    refreshMerchants: (): Promise<void> => track(syncMerchants()),

    /** Tests: one step of a merchant's round by this loop, which must be leading. */
    stepOnce: (merchantCode: string): Promise<number> => {
      if (!fence) return Promise.reject(new LostLeadershipError('not the crash leader'));
      return track(deps.driver.step(merchantCode, fence));
    },

    /** Runs the election every `electionMs` and, while leading, every merchant's rounds on their own timers. */
    start: () => {
      if (driving) return;
      driving = true;
      timers = [
        setInterval(() => void track(tryLead()), electionMs),
        setInterval(
          () => void track(syncMerchants().catch((e: unknown) => deps.onError(e, 'crash merchants'))),
          merchantRefreshMs,
        ),
      ];
      for (const timer of timers) timer.unref();
      void track(tryLead());
    },

    /** Stops driving, waits for steps in flight and releases the lock, so another process takes over at once. */
    stop: async () => {
      driving = false;
      for (const timer of timers) clearInterval(timer);
      timers = [];
      stopDrivers();
      await Promise.allSettled([...inFlight]);
      const client = lockClient;
      lockClient = null;
      fence = null;
      if (client) {
        await client.query('SELECT pg_advisory_unlock_all()').catch(() => {});
        await client.end().catch(() => {});
      }
    },
  };
};
