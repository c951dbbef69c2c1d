import { crashElapsedAt } from '@tessera/engines';
import type { CrashRepository, LeaderFence } from './crash.repository';
import type { CrashService } from './crash.service';

/** How long bets are taken before a round starts, and how long a crashed round stays on screen. */
export interface CrashTiming {
  bettingMs: number;
  pauseMs: number;
}

export const DEFAULT_CRASH_TIMING: CrashTiming = { bettingMs: 6000, pauseMs: 3000 };

/**
 * One merchant's round, driven by looking at it: each step reads the newest round on the database clock, does
 * what is due (open, start, pay passed targets, crash and settle) and answers how many milliseconds remain until
 * something else is due. Nothing lives in memory between steps, so a new leader picks up any round where the
 * last one left it.
 */
export const createCrashDriver = (deps: { repository: CrashRepository; crash: CrashService; timing: CrashTiming }) => {
  const { repository, crash, timing } = deps;
  return {
    step: async (merchantCode: string, fence: LeaderFence): Promise<number> => {
      const latest = await repository.latestRound(merchantCode);
      if (!latest || latest.status === 'crashed' || latest.status === 'void') {
        if (latest) {
          await crash.rounds.settleCrashed(latest);
          const wait = timing.pauseMs - (latest.sinceEndedMs ?? timing.pauseMs);
          if (wait > 0) return wait;
        }
        await crash.rounds.open(merchantCode, fence, timing.bettingMs);
        return timing.bettingMs;
      }
      if (latest.status === 'betting') {
        if (latest.untilBettingEndsMs > 0) return latest.untilBettingEndsMs;
        const started = await crash.rounds.start(latest, fence);
        const firstTarget = await crash.rounds.nextTargetAt(started);
        return Math.min(crashElapsedAt(started.crashPoint), firstTarget ?? Number.POSITIVE_INFINITY);
      }
      const elapsed = latest.elapsedMs ?? 0;
      const crashAt = crashElapsedAt(latest.crashPoint);
      if (elapsed >= crashAt) {
        const crashed = await crash.rounds.crash(latest, fence);
        await crash.rounds.settleCrashed(crashed);
        return timing.pauseMs - (elapsed - crashAt);
      }
      await crash.rounds.payDueTargets(latest, elapsed);
      const nextTarget = await crash.rounds.nextTargetAt(latest);
      return Math.min(crashAt, nextTarget ?? Number.POSITIVE_INFINITY) - elapsed;
    },
  };
};

export type CrashDriver = ReturnType<typeof createCrashDriver>;
