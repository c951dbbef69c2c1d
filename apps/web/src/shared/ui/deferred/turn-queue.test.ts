import { describe, expect, it } from 'vitest';
import { createTurnQueue } from './turn-queue';

/** A scheduler run by hand: each `step` is one browser task. */
const manualTasks = () => {
  const pending: (() => void)[] = [];
  return {
    schedule: (next: () => void) => void pending.push(next),
    step: () => pending.shift()?.(),
    get size() {
      return pending.length;
    },
  };
};

/** A queue on hand-run tasks, and the turns it has taken so far. */
const queueOnManualTasks = () => {
  const tasks = manualTasks();
  return { tasks, queue: createTurnQueue(tasks.schedule), taken: [] as string[] };
};

describe('createTurnQueue', () => {
  it('takes one turn per task, in the order asked, none in the asking task', () => {
    const { tasks, queue, taken } = queueOnManualTasks();
    queue.wait(() => taken.push('a'));
    queue.wait(() => taken.push('b'));
    expect(taken).toEqual([]);
    tasks.step();
    expect(taken).toEqual(['a']);
    tasks.step();
    expect(taken).toEqual(['a', 'b']);
    tasks.step();
    expect(tasks.size).toBe(0);
  });

  it('puts a turn asked ahead before those already waiting', () => {
    const { tasks, queue, taken } = queueOnManualTasks();
    queue.wait(() => taken.push('navigation'));
    queue.wait(() => taken.push('side menu'));
    queue.wait(() => taken.push('main view'), true);
    while (tasks.size > 0) tasks.step();
    expect(taken).toEqual(['main view', 'navigation', 'side menu']);
  });

  it('drops a cancelled turn and starts again after running dry', () => {
    const { tasks, queue, taken } = queueOnManualTasks();
    const cancel = queue.wait(() => taken.push('gone'));
    queue.wait(() => taken.push('kept'));
    cancel();
    while (tasks.size > 0) tasks.step();
    expect(taken).toEqual(['kept']);
    queue.wait(() => taken.push('later'));
    tasks.step();
    expect(taken).toEqual(['kept', 'later']);
  });
});
