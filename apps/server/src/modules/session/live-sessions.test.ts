import { describe, expect, it } from 'vitest';
import { createLiveSessions, type LiveSession } from './live-sessions';

const session = (id: string, memberId: string): LiveSession => ({
  id,
  memberId,
  merchantCode: 'demo',
  type: 0,
  locked: false,
});

describe('live sessions', () => {
  it('keeps a session until the earlier of its lifetime and its own bound', () => {
    let clock = 0;
    const live = createLiveSessions({ ttlMs: 5_000, now: () => clock });
    live.store(live.begin(), 'h1', session('s1', 'm1'), 60_000);
    live.store(live.begin(), 'h2', session('s2', 'm1'), 1_000);
    clock = 999;
    expect(live.get('h1')?.id).toBe('s1');
    expect(live.get('h2')?.id).toBe('s2');
    clock = 1_000;
    expect(live.get('h2')).toBeNull();
    clock = 4_999;
    expect(live.get('h1')?.id).toBe('s1');
    clock = 5_000;
    expect(live.get('h1')).toBeNull();
    expect(live.size()).toBe(0);
  });

  it('keeps nothing already due', () => {
    const live = createLiveSessions();
    live.store(live.begin(), 'h1', session('s1', 'm1'), 0);
    live.store(live.begin(), 'h2', session('s2', 'm1'), -5);
    live.store(live.begin(), 'h3', session('s3', 'm1'), Number.NaN);
    expect(live.size()).toBe(0);
  });

  it("drops every session of a member and no other member's", () => {
    const live = createLiveSessions();
    live.store(live.begin(), 'h1', session('s1', 'm1'), 60_000);
    live.store(live.begin(), 'h2', session('s2', 'm1'), 60_000);
    live.store(live.begin(), 'h3', session('s3', 'm2'), 60_000);
    live.drop('m1');
    expect(live.get('h1')).toBeNull();
    expect(live.get('h2')).toBeNull();
    expect(live.get('h3')?.id).toBe('s3');
    live.drop(null);
    expect(live.size()).toBe(0);
  });

  it('does not keep a read begun before a drop', () => {
    const live = createLiveSessions();
    const before = live.begin();
    live.drop('m9');
    live.store(before, 'h1', session('s1', 'm1'), 60_000);
    expect(live.get('h1')).toBeNull();
    live.store(live.begin(), 'h1', session('s1', 'm1'), 60_000);
    expect(live.get('h1')?.id).toBe('s1');
  });

  it('forgets the oldest stored first past its size, and a re-stored session counts once', () => {
    const live = createLiveSessions({ maxEntries: 2 });
    live.store(live.begin(), 'h1', session('s1', 'm1'), 60_000);
    live.store(live.begin(), 'h2', session('s2', 'm2'), 60_000);
    live.store(live.begin(), 'h2', session('s2', 'm2'), 60_000);
    expect(live.size()).toBe(2);
    live.store(live.begin(), 'h3', session('s3', 'm3'), 60_000);
    expect(live.get('h1')).toBeNull();
    expect(live.get('h2')?.id).toBe('s2');
    expect(live.get('h3')?.id).toBe('s3');
    // The member index forgot h1 with it: dropping m1 touches nothing else.
    live.drop('m1');
    expect(live.size()).toBe(2);
  });
});
