/**
 * Turns taken one per browser task, first come first served, or ahead of those waiting when asked. `schedule` runs
 * its callback in a later task (a zero timer in the browser).
 */
export const createTurnQueue = (schedule: (next: () => void) => void) => {
  const waiting: (() => void)[] = [];
  let isRunning = false;

  const runNext = () => {
    const turn = waiting.shift();
    if (!turn) {
      isRunning = false;
      return;
    }
    turn();
    schedule(runNext);
  };

  return {
    /** Queues `turn` (at the front when `isAhead`); returns the cancel of a turn not yet taken. */
    wait: (turn: () => void, isAhead = false): (() => void) => {
      if (isAhead) waiting.unshift(turn);
      else waiting.push(turn);
      if (!isRunning) {
        isRunning = true;
        schedule(runNext);
      }
      return () => {
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
      };
    },
  };
};
