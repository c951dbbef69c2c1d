import { describe, expect, it } from 'vitest';
import { decideLaunch, launchOfSeamlessQuery, seamlessPathOf } from './launch-rules';

const member = { isLogin: true, isTrial: false };
const trial = { isLogin: true, isTrial: true };
const visitor = { isLogin: false, isTrial: false };
const slot = { nodeId: '101', vassalage: 'PG', gameType: 'RNG', gameCode: 'PG_1', supportPlay: 1 };

describe('game launch', () => {
  it('opens the login popup for a visitor, whatever the game', () => {
    expect(decideLaunch(slot, visitor)).toEqual({ kind: 'login' });
    expect(decideLaunch({ ...slot, supportPlay: 0 }, visitor, { mode: 'trial' })).toEqual({ kind: 'login' });
    expect(decideLaunch({ ...slot, vassalage: 'LOTT' }, visitor)).toEqual({ kind: 'login' });
  });

  it('shows a trial account the real-account message for a real-money game', () => {
    expect(decideLaunch(slot, trial)).toEqual({ kind: 'realAccount' });
    expect(decideLaunch({ ...slot, supportPlay: 0 }, trial)).toEqual({ kind: 'realAccount' });
    // Asking for a free trial of a game that offers none is still real money.
    expect(decideLaunch(slot, trial, { mode: 'trial' })).toEqual({ kind: 'realAccount' });
  });

  it('lets a trial account play the free trial of a game that offers one', () => {
    expect(decideLaunch({ ...slot, supportPlay: 0 }, trial, { mode: 'trial' })).toEqual({
      kind: 'start',
      mode: 'trial',
    });
  });

  it('asks for a room before a PVP game is played for real, and takes the room to the seamless page', () => {
    const cards = { ...slot, vassalage: 'KX', gameType: 'PVP', gameCode: 'KX_1' };
    expect(decideLaunch(cards, member)).toEqual({ kind: 'rooms' });
    expect(decideLaunch(cards, visitor)).toEqual({ kind: 'login' });
    expect(decideLaunch(cards, trial)).toEqual({ kind: 'realAccount' });
    // A free trial needs no room; a vendor entry opens its own list.
    expect(decideLaunch({ ...cards, supportPlay: 0 }, member, { mode: 'trial' })).toEqual({
      kind: 'start',
      mode: 'trial',
    });
    expect(decideLaunch({ ...cards, isGame: 'VASSALAGE' }, member, { isVendorEntry: true })).toMatchObject({
      kind: 'vendorPopup',
    });
    const path = seamlessPathOf(cards, 'real', '101-vip');
    expect(path).toBe('/seamless?nodeId=101&vassalage=KX&gameType=PVP&roomId=101-vip');
    expect(launchOfSeamlessQuery(new URL(path, 'http://x').searchParams)).toEqual({
      nodeId: '101',
      vassalage: 'KX',
      gameType: 'PVP',
      mode: 'real',
      roomId: '101-vip',
    });
    expect(launchOfSeamlessQuery(new URLSearchParams('nodeId=1&vassalage=PG&gameType=RNG'))).not.toHaveProperty(
      'roomId',
    );
  });

  it('routes lottery providers to their pages with the game code', () => {
    expect(decideLaunch({ ...slot, vassalage: 'TCG_LOTTO_VN', gameCode: 'VN1' }, member)).toEqual({
      kind: 'route',
      path: '/vnLottery?gameCode=VN1',
    });
    expect(decideLaunch({ ...slot, vassalage: 'TCG_SEA', gameCode: 'S 1' }, member)).toEqual({
      kind: 'route',
      path: '/seaLottery?gameCode=S%201',
    });
    expect(decideLaunch({ ...slot, vassalage: 'ELOTT', gameCode: 'E1' }, member)).toEqual({
      kind: 'route',
      path: '/lottery?gameCode=E1',
    });
    expect(decideLaunch({ ...slot, vassalage: 'LOTT', gameCode: null }, member)).toEqual({
      kind: 'route',
      path: '/lottery',
    });
  });

  it('sends an RNG vendor entry to /rng with its provider, and a VASSALAGE entry to its game list popup', () => {
    expect(decideLaunch(slot, member, { isVendorEntry: true })).toEqual({ kind: 'route', path: '/rng?vassalage=PG' });
    expect(decideLaunch({ ...slot, gameType: 'LIVE', isGame: 'VASSALAGE' }, member, { isVendorEntry: true })).toEqual({
      kind: 'vendorPopup',
      vassalage: 'PG',
      gameType: 'LIVE',
    });
  });

  it('starts any other game for real, or in trial when asked and offered', () => {
    expect(decideLaunch(slot, member)).toEqual({ kind: 'start', mode: 'real' });
    expect(decideLaunch({ ...slot, supportPlay: 0 }, member, { mode: 'trial' })).toEqual({
      kind: 'start',
      mode: 'trial',
    });
    expect(decideLaunch(slot, member, { mode: 'trial' })).toEqual({ kind: 'start', mode: 'real' });
  });

  it('round-trips a launch through the seamless page address', () => {
    const path = seamlessPathOf(slot, 'trial');
    const query = new URL(path, 'http://site').searchParams;
    expect(launchOfSeamlessQuery(query)).toEqual({ nodeId: '101', vassalage: 'PG', gameType: 'RNG', mode: 'trial' });
    expect(launchOfSeamlessQuery(new URLSearchParams('nodeId=1'))).toBeNull();
  });
});
