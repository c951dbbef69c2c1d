import { activityStates, bonusStatuses } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { actionOf, bonusStatusKeys, sideActionOf, stateKeys, stateToneOf } from './promotion-states';

describe('promotion activity states', () => {
  it('allow one action: join or apply by kind in the join state, claim in the claim state, none otherwise', () => {
    expect(actionOf({ state: 'join', kind: 'first_deposit' })).toBe('join');
    expect(actionOf({ state: 'join', kind: 'turnover_challenge' })).toBe('join');
    expect(actionOf({ state: 'join', kind: 'application' })).toBe('apply');
    expect(actionOf({ state: 'claim', kind: 'daily_login' })).toBe('claim');
    const labelsOnly = activityStates.filter((state) => state !== 'join' && state !== 'claim');
    expect(labelsOnly).toHaveLength(8);
    for (const state of labelsOnly) expect(actionOf({ state, kind: 'application' })).toBeNull();
  });

  it('offer a chat-app reward its link when open and again after a rejection, nothing while it waits or is paid', () => {
    expect(actionOf({ state: 'join', kind: 'chat_app' })).toBe('link');
    expect(actionOf({ state: 'rejected', kind: 'chat_app' })).toBe('link');
    for (const state of activityStates.filter((s) => s !== 'join' && s !== 'rejected' && s !== 'claim')) {
      expect(actionOf({ state, kind: 'chat_app' })).toBeNull();
    }
  });

  it('offer to withdraw only an application waiting for review that has a ticket', () => {
    expect(sideActionOf({ state: 'applying', ticketId: 'a1' })).toBe('withdraw');
    expect(sideActionOf({ state: 'applying', ticketId: null })).toBeNull();
    for (const state of activityStates.filter((s) => s !== 'applying')) {
      expect(sideActionOf({ state, ticketId: 'a1' })).toBeNull();
    }
  });

  it('name each of the ten states and every bonus status, each label its own', () => {
    expect(new Set(activityStates.map((state) => stateKeys[state])).size).toBe(10);
    expect(new Set(bonusStatuses.map((status) => bonusStatusKeys[status])).size).toBe(bonusStatuses.length);
    expect(stateToneOf('issued')).toBe('success');
    expect(stateToneOf('rejected')).toBe('danger');
  });
});
