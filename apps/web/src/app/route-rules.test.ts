import { describe, expect, it } from 'vitest';
import {
  guardRedirectOf,
  isHomePath,
  isTrialBlockedPath,
  layoutOf,
  mainViewKeyOf,
  pathAfterDialogClose,
} from './route-rules';

const at = (pathname: string, search = '', hash = '') => ({ pathname, search, hash });

describe('layout rules', () => {
  it('gives the ordinary pages a side menu, header and footer', () => {
    for (const path of ['/', '/home', '/member', '/promotions', '/rng', '/favorite', '/lines', '/help']) {
      expect(layoutOf(path)).toEqual({ kind: 'site', hasHeader: true, hasSideMenu: true, hasFooter: true });
    }
  });

  it('hides the side menu on /seamless and the lottery pages, and the footer only on /seamless', () => {
    expect(layoutOf('/seamless')).toEqual({ kind: 'site', hasHeader: true, hasSideMenu: false, hasFooter: false });
    for (const path of ['/lottery', '/seaLottery', '/vnLottery']) {
      expect(layoutOf(path)).toEqual({ kind: 'site', hasHeader: true, hasSideMenu: false, hasFooter: true });
    }
  });

  it('puts /agent and /agentHome in the agent layout with no side menu, header or footer', () => {
    for (const path of ['/agent', '/agentHome', '/agenthome/']) {
      expect(layoutOf(path)).toEqual({ kind: 'agent', hasHeader: false, hasSideMenu: false, hasFooter: false });
    }
  });
});

describe('main view key', () => {
  it("is 'index' for /, /index, /login and /register", () => {
    for (const path of ['/', '/index', '/login', '/register']) expect(mainViewKeyOf(at(path))).toBe('index');
    expect(mainViewKeyOf(at('/register', '?referralCode=AB12'))).toBe('index');
  });

  it('is the full path, query and hash included, everywhere else', () => {
    expect(mainViewKeyOf(at('/home'))).toBe('/home');
    expect(mainViewKeyOf(at('/rng', '?vassalage=PG'))).toBe('/rng?vassalage=PG');
    expect(mainViewKeyOf(at('/promotions', '', '#42'))).toBe('/promotions#42');
  });
});

describe('login guard', () => {
  it('sends a protected route without a token to /login', () => {
    for (const path of ['/member', '/lottery', '/seaLottery', '/vnLottery', '/favorite', '/recent', '/agentHome']) {
      expect(guardRedirectOf(path, false)).toBe('/login');
    }
    expect(guardRedirectOf('/Member/', false)).toBe('/login');
  });

  it('lets a protected route through with a token, and never stops a public one', () => {
    expect(guardRedirectOf('/member', true)).toBeNull();
    for (const path of ['/', '/promotions', '/rng', '/agent', '/lines', '/seamless']) {
      expect(guardRedirectOf(path, false)).toBeNull();
    }
  });
});

describe('home addresses', () => {
  it('knows the home lobby by each of its addresses, in any case and with a trailing slash', () => {
    for (const path of ['/', '/index', '/index.html', '/home', '/Home/']) expect(isHomePath(path)).toBe(true);
    for (const path of ['/rng', '/homework', '/member']) expect(isHomePath(path)).toBe(false);
  });
});

describe('trial accounts', () => {
  it('are kept out of the member centre and the lottery pages, and nowhere else', () => {
    for (const path of ['/member', '/Member/', '/lottery', '/seaLottery', '/vnLottery']) {
      expect(isTrialBlockedPath(path)).toBe(true);
    }
    for (const path of ['/', '/promotions', '/favorite', '/rng', '/agent']) {
      expect(isTrialBlockedPath(path)).toBe(false);
    }
  });
});

describe('dialog routes', () => {
  it('returns to home when the dialog of /register or /help closes, and stays elsewhere', () => {
    expect(pathAfterDialogClose('/register')).toBe('/');
    expect(pathAfterDialogClose('/help')).toBe('/');
    expect(pathAfterDialogClose('/')).toBeNull();
    expect(pathAfterDialogClose('/member')).toBeNull();
  });
});
