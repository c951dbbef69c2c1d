import type { FastifyInstance } from 'fastify';
import { CANNON_LEVELS, FISH, type FishKind, shoot, shotPayout } from './fishing-maths';
import { FISHING_SCRIPT } from './fishing-page';
import { type RoundRunner, toMinor } from './rounds';

const STAKE = /^\d{1,6}(\.\d{1,2})?$/;

interface ShotBody {
  token?: unknown;
  mode?: unknown;
  currency?: unknown;
  cannon?: unknown;
  fish?: unknown;
  /** The game's code: its tournaments count the shot (decision 0167). */
  game?: unknown;
}

/**
 * The fishing game's API (decision 0132): `POST /api/fishing/shot` fires one shot of the chosen cannon level at one
 * fish. Each shot is a round of its own at the platform: a `bet` of the cannon's stake, then a closing `win` with
 * the fish's payout when caught, 0 when missed (the round runner of src/rounds.ts, with its retries and rollbacks).
 */
export const registerFishing = (
  app: FastifyInstance,
  deps: {
    rounds: RoundRunner;
    session: (body: ShotBody) => { token: string; currency: string; mode: 'real' | 'fun' } | null;
    failure: (error: unknown) => { error: string; balance?: string };
    /** Decides whether a shot catches its fish; tests fix it, the real one draws with crypto.randomInt. */
    aim?: (fish: FishKind) => boolean;
  },
) => {
  const aim = deps.aim ?? ((fish: FishKind) => shoot(fish));

  app.post<{ Body: ShotBody }>('/api/fishing/shot', async (request) => {
    const body = request.body ?? {};
    const s = deps.session(body);
    if (!s) return { error: 'game_token_invalid' };
    if (s.mode === 'fun') return { error: 'fun_unavailable' };
    const stake = typeof body.cannon === 'string' && STAKE.test(body.cannon) ? toMinor(body.cannon, s.currency) : null;
    if (stake === null || !CANNON_LEVELS.includes(stake)) return { error: 'stake_invalid' };
    const fish = FISH.find((candidate) => candidate.kind === body.fish);
    if (!fish) return { error: 'fish_invalid' };
    try {
      return await deps.rounds.play({
        ...s,
        stake,
        ...(typeof body.game === 'string' && /^[\w-]{1,60}$/.test(body.game) ? { gameCode: body.game } : {}),
        decide: () => {
          const caught = aim(fish.kind);
          return {
            outcome: { fish: fish.kind, caught, multiplier: fish.multiplier },
            win: shotPayout(fish.kind, stake, caught),
          };
        },
      });
    } catch (error) {
      return deps.failure(error);
    }
  });

  app.get('/assets/fishing.js', async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(FISHING_SCRIPT),
  );
};
