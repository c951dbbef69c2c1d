import type { PopupAnnouncement } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { popupClosureKeyOf, popupsFor } from './popup-rules';

const popup = (id: string, execution: PopupAnnouncement['execution']): PopupAnnouncement => ({
  id,
  title: id,
  content: '',
  startDate: 0,
  promotionType: null,
  execution,
});
const all = [popup('a', 'A'), popup('b', 'B'), popup('f', 'F')];

describe('popupsFor', () => {
  it('shows visitors B only', () => {
    expect(popupsFor(all, { isLogin: false, firstTimeLogin: true }).map((p) => p.id)).toEqual(['b']);
  });

  it('shows members A, and F only on a first login', () => {
    expect(popupsFor(all, { isLogin: true, firstTimeLogin: false }).map((p) => p.id)).toEqual(['a']);
    expect(popupsFor(all, { isLogin: true, firstTimeLogin: true }).map((p) => p.id)).toEqual(['a', 'f']);
  });

  it('remembers closure per user or anonymously', () => {
    expect(popupClosureKeyOf(true)).toBe('USER_POPUP');
    expect(popupClosureKeyOf(false)).toBe('ANONYMOUS_POPUP');
  });
});
