import { type BotChallenge, solveBotChallenge } from '@tessera/client-crypto';
import { sessionEndpoints } from '@tessera/contracts';
import { ApiError } from '../api/api-error';
import { callEndpoint } from '../api/call-endpoint';

type Pending = { resolve: (solution: string) => void; reject: (error: unknown) => void };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<number, Pending>();

const failAll = () => {
  for (const entry of pending.values()) entry.reject(new ApiError('bot_check_failed'));
  pending.clear();
  worker?.terminate();
  worker = null;
};

const workerOrNull = (): Worker | null => {
  if (worker) return worker;
  if (typeof Worker === 'undefined') return null;
  try {
    worker = new Worker(new URL('./bot-check.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; solution?: string; failed?: true }>) => {
    const entry = pending.get(event.data.id);
    if (!entry) return;
    pending.delete(event.data.id);
    if (event.data.solution) entry.resolve(event.data.solution);
    else entry.reject(new ApiError('bot_check_failed'));
  };
  worker.onerror = failAll;
  return worker;
};

const solve = (challenge: BotChallenge): Promise<string> => {
  const solver = workerOrNull();
  // Without workers (very old browsers) the page pauses for a moment instead of failing.
  if (!solver) return Promise.resolve().then(() => solveBotChallenge(challenge));
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    solver.postMessage({ id, challenge });
  });
};

/**
 * A fresh bot-check solution for one protected request (login, registration, SMS codes, free play): a new
 * signed challenge from the server, solved in a Web Worker (decision 0010). Each solution is single use.
 */
export const getBotCheck = async (): Promise<string> => solve(await callEndpoint(sessionEndpoints.botChallenge));
