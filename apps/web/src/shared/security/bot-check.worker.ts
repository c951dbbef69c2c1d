import { type BotChallenge, solveBotChallenge } from '@tessera/client-crypto';

/** Solves proof-of-work challenges off the main thread, so typing and spinners stay smooth meanwhile. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<{ id: number; challenge: BotChallenge }>) => void) | null;
  postMessage: (message: { id: number; solution?: string; failed?: true }) => void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  const { id, challenge } = event.data;
  try {
    scope.postMessage({ id, solution: solveBotChallenge(challenge) });
  } catch {
    scope.postMessage({ id, failed: true });
  }
};
