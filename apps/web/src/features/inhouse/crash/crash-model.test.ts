import type { CrashRound, CrashRoundEvent, CrashState } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import {
  applyBetEvent,
  applyRoundEvent,
  curvePath,
  isNewer,
  modelFromState,
  parseTarget,
  payoutAt,
  viewAt,
} from './crash-model';

const chain = {
  id: '1',
  terminalHash: 'f'.repeat(64),
  salt: 'salt',
  length: 100,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const round = (id: string, status: CrashRound['status'], extra: Partial<CrashRound> = {}): CrashRound => ({
  id,
  chainId: '1',
  gameNumber: Number(id),
  status,
  bettingEndsAt: '2026-01-01T00:00:10.000Z',
  startedAt: status === 'betting' ? null : '2026-01-01T00:00:10.000Z',
  endedAt: null,
  crashPoint: null,
  gameHash: null,
  ...extra,
});
const event = (r: CrashRound, serverTime = '2026-01-01T00:00:10.000Z'): CrashRoundEvent => ({
  serverTime,
  growth: { ratePerMs: 0.00006 },
  chain,
  round: r,
});
const bet = (id: string, status: 'open' | 'won' | 'lost' = 'open') => ({
  id,
  player: 'ab***c',
  currency: 'USD',
  stake: '1.00',
  status,
  cashedOutAt: status === 'won' ? 150 : null,
  payout: status === 'won' ? '1.50' : '0.00',
});

describe('the crash page model', () => {
  it('orders rounds by id, then by phase', () => {
    expect(isNewer(round('2', 'betting'), round('1', 'crashed'))).toBe(true);
    expect(isNewer(round('2', 'running'), round('2', 'betting'))).toBe(true);
    expect(isNewer(round('2', 'betting'), round('2', 'running'))).toBe(false);
    expect(isNewer(round('1', 'crashed'), null)).toBe(true);
  });

  it('clears the players on a new round, keeps them through its phases and adds each crash to the history once', () => {
    let model = applyRoundEvent(null, event(round('5', 'betting')), Date.parse('2026-01-01T00:00:09.000Z'));
    expect(model.offsetMs).toBe(1000);
    model = applyBetEvent(model, { roundId: '5', bet: bet('a') }) ?? model;
    model = applyBetEvent(model, { roundId: '4', bet: bet('old') }) ?? model;
    model = applyRoundEvent(model, event(round('5', 'running')), Date.parse('2026-01-01T00:00:10.000Z'));
    model = applyBetEvent(model, { roundId: '5', bet: bet('a', 'won') }) ?? model;
    expect(model.bets).toEqual([bet('a', 'won')]);
    const crashed = round('5', 'crashed', {
      crashPoint: 234,
      gameHash: 'a'.repeat(64),
      endedAt: '2026-01-01T00:00:24.000Z',
    });
    model = applyRoundEvent(model, event(crashed), 0);
    model = applyRoundEvent(model, event(crashed), 0);
    expect(model.history.map((h) => [h.id, h.crashPoint])).toEqual([['5', 234]]);
    // A late event of an earlier phase changes nothing.
    expect(applyRoundEvent(model, event(round('5', 'running')), 0)).toBe(model);
    model = applyRoundEvent(model, event(round('6', 'betting')), 0);
    expect(model.bets).toEqual([]);
    expect(model.history).toHaveLength(1);
  });

  it('keeps a newer round from an event when an older state answer arrives', () => {
    const model = applyRoundEvent(null, event(round('7', 'running')), 0);
    const state: CrashState = {
      serverTime: '2026-01-01T00:00:09.000Z',
      growth: { ratePerMs: 0.00006 },
      chain,
      round: round('7', 'betting'),
      bets: [],
      history: [],
      myBet: null,
    };
    expect(modelFromState(state, 0, model).round?.status).toBe('running');
    expect(modelFromState({ ...state, round: round('8', 'betting') }, 0, model).round?.id).toBe('8');
  });

  it('counts the betting window down and draws the multiplier from the start time, the rate and the clock offset', () => {
    let model = applyRoundEvent(null, event(round('3', 'betting'), '2026-01-01T00:00:06.000Z'), 1_000);
    expect(viewAt(model, 1_000)).toEqual({ phase: 'betting', msLeft: 4000 });
    model = applyRoundEvent(model, event(round('3', 'running'), '2026-01-01T00:00:10.000Z'), 5_000);
    const doubled = 5_000 + Math.ceil(Math.log(2) / 0.00006);
    expect(viewAt(model, doubled)).toMatchObject({ phase: 'running', multiplier: 200 });
    const ended = round('3', 'crashed', {
      crashPoint: 150,
      gameHash: 'b'.repeat(64),
      endedAt: '2026-01-01T00:00:16.760Z',
    });
    model = applyRoundEvent(model, event(ended), 0);
    expect(viewAt(model, 0)).toEqual({ phase: 'crashed', elapsedMs: 6760, multiplier: 150 });
    expect(viewAt(null, 0)).toEqual({ phase: 'idle' });
  });

  it('pays like the server, reads targets and draws a path from the origin', () => {
    expect(payoutAt(333n, 151)).toBe(502n);
    expect(parseTarget('2')).toBe(200);
    expect(parseTarget(' 1.5x ')).toBe(150);
    expect(parseTarget('')).toBeNull();
    expect(parseTarget('abc')).toBeNaN();
    expect(parseTarget('1.234')).toBeNaN();
    const path = curvePath(5000, 0.00006, 400, 200);
    expect(path.line.startsWith('M0.0,200.0 L')).toBe(true);
    expect(path.line.split(' L')).toHaveLength(49);
    expect(path.area.endsWith(`L${((5000 / 10_000) * 400).toFixed(1)},200 L0,200 Z`)).toBe(true);
  });
});
