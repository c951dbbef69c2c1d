import type { InhouseGame } from '@tessera/contracts';

/** A settled in-house round, announced after its transaction committed. */
export interface RoundSettledEvent {
  type: 'inhouse.round_settled';
  roundId: string;
  merchantCode: string;
  memberId: string;
  game: InhouseGame;
  currency: string;
  stake: bigint;
  payout: bigint;
  /** The payout reached the big-win threshold: the winners board shows it. */
  bigWin: boolean;
  settledAt: Date;
}

export type InhouseEvent = RoundSettledEvent;
export type InhouseListener = (event: InhouseEvent) => void | Promise<void>;

/**
 * In-process hooks for modules that react to bets (points, missions, winners). Listeners run after commit, one
 * after another; a failing listener is reported and never undoes or blocks the bet. (The durable outbox of
 * ARCHITECTURE.md section 4 replaces this when a consumer needs delivery across restarts.)
 */
export const createInhouseEvents = (onListenerError: (error: unknown, event: InhouseEvent) => void) => {
  const listeners = new Set<InhouseListener>();
  return {
    subscribe: (listener: InhouseListener): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: async (event: InhouseEvent): Promise<void> => {
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (error) {
          onListenerError(error, event);
        }
      }
    },
  };
};

export type InhouseEvents = ReturnType<typeof createInhouseEvents>;
