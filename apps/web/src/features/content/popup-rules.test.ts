import type { PopupAnnouncement } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';
import { parseSeenPopups, popupClosureKeyOf, popupKeyOf, popupsFor, unseenPopups } from './popup-rules';

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

describe('announcements once per session', () => {
  const shown = (title: string, startDate = 1) => ({
    title,
    content: '',
    promotionType: null,
    execution: 'B',
    startDate,
  });
  it('leaves out what the session has already been shown, whichever audience it was shown to', () => {
    const seen = parseSeenPopups(JSON.stringify([popupKeyOf(shown('Welcome'))]));
    const popups = [shown('Welcome'), shown('Members only', 2)] as unknown as Parameters<typeof unseenPopups>[0];
    expect(unseenPopups(popups, seen).map((popup) => popup.title)).toEqual(['Members only']);
    // The same title with another start is another announcement.
    expect(unseenPopups([shown('Welcome', 5)] as never, seen)).toHaveLength(1);
  });

  it('reads an unreadable seen list as nothing seen', () => {
    expect(parseSeenPopups('{oops').size).toBe(0);
    expect(parseSeenPopups('{"a":1}').size).toBe(0);
    expect(parseSeenPopups(null).size).toBe(0);
  });
});
