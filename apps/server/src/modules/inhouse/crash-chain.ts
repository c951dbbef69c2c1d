import { createHash, randomBytes } from 'node:crypto';

/** Chain positions kept in memory per chain: game n's hash is at most this many steps from one of them. */
const CHECKPOINT_EVERY = 1024;
/** Steps hashed between two yields to the event loop while a chain is walked (a few milliseconds each). */
const STEPS_PER_SLICE = 2048;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The engines' `hashChainStep` (c(i) = SHA-256 of c(i−1)'s 32 bytes, as hex), computed by Node's native SHA-256:
 * the engines' portable one (also run by browsers' verifiers) costs about twice as much per step (1.2–1.5 s against
 * 0.6–1.0 s for 100,000 steps on the loaded two-core machine), and a server walks whole chains at start.
 * crash-chain.test.ts holds the two equal (the chain's terminal hash and games' hashes against the engines').
 */
const nativeChainStep = (hash: string): string => createHash('sha256').update(Buffer.from(hash, 'hex')).digest('hex');

/**
 * Walks a chain from its seed: c(0) = seed, c(i) = SHA-256(c(i−1)), keeping every CHECKPOINT_EVERY-th position.
 * It yields to the event loop between slices, so a 100,000-game chain (up to a second of hashing on a loaded
 * machine) never stalls a running round.
 */
const walk = async (seed: string, length: number): Promise<{ checkpoints: string[]; terminalHash: string }> => {
  const checkpoints: string[] = [seed];
  let hash = seed;
  for (let i = 1; i <= length; i += 1) {
    hash = nativeChainStep(hash);
    if (i % CHECKPOINT_EVERY === 0) checkpoints.push(hash);
    if (i % STEPS_PER_SLICE === 0) await nextTick();
  }
  return { checkpoints, terminalHash: hash };
};

export interface ChainSecret {
  id: bigint;
  seed: string;
  length: number;
}

/**
 * The round loop's access to crash chains (decision 0013: games are played from the end of the chain, game n
 * uses c(length − n)). Only the seed is stored; positions are recomputed from checkpoints held in memory.
 */
export const createChainKeeper = () => {
  const byChain = new Map<bigint, Promise<string[]>>();

  const checkpointsOf = (chain: ChainSecret): Promise<string[]> => {
    let known = byChain.get(chain.id);
    if (!known) {
      known = walk(chain.seed, chain.length).then((walked) => walked.checkpoints);
      known.catch(() => byChain.delete(chain.id));
      byChain.set(chain.id, known);
    }
    return known;
  };

  return {
    /** A new chain: a random 256-bit seed, its terminal hash c(length), and a salt published with it. */
    generate: async (length: number) => {
      const seed = randomBytes(32).toString('hex');
      const { checkpoints, terminalHash } = await walk(seed, length);
      return { seed, terminalHash, salt: randomBytes(16).toString('hex'), checkpoints };
    },

    /** Keeps a generated chain's checkpoints once it has its id, so its games need no second walk. */
    remember: (id: bigint, checkpoints: string[]) => {
      byChain.set(id, Promise.resolve(checkpoints));
    },

    /** Game `gameNumber`'s hash (1 … length). */
    gameHash: async (chain: ChainSecret, gameNumber: number): Promise<string> => {
      if (!Number.isSafeInteger(gameNumber) || gameNumber < 1 || gameNumber > chain.length) {
        throw new RangeError(`game ${gameNumber} is outside chain ${chain.id}`);
      }
      const position = chain.length - gameNumber;
      const checkpoints = await checkpointsOf(chain);
      let hash = checkpoints[Math.floor(position / CHECKPOINT_EVERY)];
      if (hash === undefined) throw new Error('chain checkpoint missing');
      for (let i = 0; i < position % CHECKPOINT_EVERY; i += 1) hash = nativeChainStep(hash);
      return hash;
    },

    /** Forgets chains that are finished (the loop calls this when a chain runs out). */
    forget: (id: bigint) => {
      byChain.delete(id);
    },
  };
};

export type ChainKeeper = ReturnType<typeof createChainKeeper>;
