import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A worker that answers when the test says, recording what it was sent and whether it was ended. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: unknown[] = [];
  isTerminated = false;
  constructor(readonly url: URL) {
    FakeWorker.made.push(this);
  }
  postMessage(message: unknown) {
    this.sent.push(message);
  }
  terminate() {
    this.isTerminated = true;
  }
}

const request = { locale: 'th-TH', dateTime: { dateStyle: 'medium', timeStyle: 'short' } } as const;

/** The module keeps what it has warmed: each test loads it afresh. */
const load = async () => {
  vi.resetModules();
  return import('./warm-locale-data');
};

const isSettled = async (promise: Promise<void>) => {
  let settled = false;
  void promise.then(() => {
    settled = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return settled;
};

describe('warmLocaleData', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.useFakeTimers();
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the locale and format to a worker, resolves on its answer and ends it', async () => {
    const { warmLocaleData } = await load();
    const warmed = warmLocaleData(request);
    const worker = FakeWorker.made[0];
    expect(worker?.sent).toEqual([request]);
    expect(await isSettled(warmed)).toBe(false);
    worker?.onmessage?.();
    expect(await isSettled(warmed)).toBe(true);
    expect(worker?.isTerminated).toBe(true);
  });

  it('warms a locale and format once, and another locale on a worker of its own', async () => {
    const { warmLocaleData } = await load();
    const first = warmLocaleData(request);
    expect(warmLocaleData(request)).toBe(first);
    expect(FakeWorker.made).toHaveLength(1);
    void warmLocaleData({ ...request, locale: 'ar-SA' });
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('resolves when the worker fails, leaving the main thread to load the data itself', async () => {
    const { warmLocaleData } = await load();
    const warmed = warmLocaleData(request);
    FakeWorker.made[0]?.onerror?.();
    expect(await isSettled(warmed)).toBe(true);
    expect(FakeWorker.made[0]?.isTerminated).toBe(true);
  });

  it('gives up on a worker that never answers', async () => {
    const { warmLocaleData, GIVE_UP_AFTER_MS } = await load();
    const warmed = warmLocaleData(request);
    vi.advanceTimersByTime(GIVE_UP_AFTER_MS - 1);
    expect(await isSettled(warmed)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await isSettled(warmed)).toBe(true);
    expect(FakeWorker.made[0]?.isTerminated).toBe(true);
  });

  it('resolves at once where there are no workers', async () => {
    vi.stubGlobal('Worker', undefined);
    const { warmLocaleData } = await load();
    expect(await isSettled(warmLocaleData(request))).toBe(true);
  });
});
