import type { RealtimeEventData, RealtimeEventType } from '@tessera/contracts';
import type pg from 'pg';
import { type CrashTiming, createCrashDriver } from './crash.driver';
import { createCrashLoop } from './crash.loop';
import { createCrashRepository } from './crash.repository';
import { createCrashService } from './crash.service';
import { createChainKeeper } from './crash-chain';
import type { InhouseRepository } from './inhouse.repository';
import type { InhouseService } from './inhouse.service';

const NAMES_KEPT = 10_000;

/** Multiplayer crash: the service the routes use and the round loop every process runs (decision 0022). */
export const createCrashGame = (deps: {
  pool: pg.Pool;
  inhouse: InhouseService;
  inhouseRepository: InhouseRepository;
  publish: <T extends RealtimeEventType>(merchantCode: string, type: T, data: RealtimeEventData<T>) => void;
  /** A member's name as other players see it (masked). */
  playerName: (memberId: string) => Promise<string>;
  merchantCodes: () => Promise<string[]>;
  timing: CrashTiming;
  chainLength?: number;
  onError: (error: unknown, context: string) => void;
}) => {
  const repository = createCrashRepository(deps.pool);
  const names = new Map<string, string>();
  const service = createCrashService({
    inhouse: deps.inhouse,
    inhouseRepository: deps.inhouseRepository,
    repository,
    chains: createChainKeeper(),
    publish: deps.publish,
    playerName: async (memberId) => {
      const known = names.get(memberId);
      if (known !== undefined) return known;
      const name = await deps.playerName(memberId);
      if (names.size >= NAMES_KEPT) names.clear();
      names.set(memberId, name);
      return name;
    },
    chainLength: deps.chainLength,
  });
  const loop = createCrashLoop({
    pool: deps.pool,
    driver: createCrashDriver({ repository, crash: service, timing: deps.timing }),
    merchantCodes: deps.merchantCodes,
    onError: deps.onError,
  });
  return { service, loop };
};

export type CrashGame = ReturnType<typeof createCrashGame>;
