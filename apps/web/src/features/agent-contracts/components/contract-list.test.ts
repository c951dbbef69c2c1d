import type { AgentContract } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { endActionOf, isLive } from './contract-list';

const contract = (status: AgentContract['status'], endsAt: string | null = null): AgentContract => ({
  id: 'c1',
  kind: 'daily',
  status,
  terms: { kind: 'daily', tiers: [{ betAmount: '0', activeMembers: 0, rate: '1' }] },
  uplineId: 'u',
  uplineAccount: 'up',
  downlineId: 'd',
  downlineAccount: 'down',
  payer: 'platform',
  offeredAt: '2026-11-01T00:00:00.000Z',
  decidedAt: null,
  startsAt: null,
  endsAt,
  replacesId: null,
  history: [],
});

const now = Date.parse('2026-11-10T00:00:00.000Z');

describe('contract list rules', () => {
  it('lists offers, running contracts and terminated ones until their last period ends', () => {
    expect(isLive(contract('offered'), now)).toBe(true);
    expect(isLive(contract('active'), now)).toBe(true);
    expect(isLive(contract('terminated', '2026-11-11T00:00:00.000Z'), now)).toBe(true);
    expect(isLive(contract('terminated', '2026-11-09T00:00:00.000Z'), now)).toBe(false);
    expect(isLive(contract('rejected'), now)).toBe(false);
    expect(isLive(contract('withdrawn'), now)).toBe(false);
  });

  it('lets the upline withdraw an offer and either side terminate a running contract, nothing else', () => {
    expect(endActionOf(contract('offered'), 'upline')).toBe('withdraw');
    expect(endActionOf(contract('offered'), 'downline')).toBeNull();
    expect(endActionOf(contract('active'), 'upline')).toBe('terminate');
    expect(endActionOf(contract('active'), 'downline')).toBe('terminate');
    expect(endActionOf(contract('terminated', '2026-11-11T00:00:00.000Z'), 'upline')).toBeNull();
    expect(endActionOf(contract('withdrawn'), 'upline')).toBeNull();
  });
});
