import { describe, expect, it } from 'vitest';
import { chooseStartLanguage, chooseSwitchedLanguage, fallbackChainOf } from './language-choice';

describe('language at site start', () => {
  it('saves the merchant default as both history and current language when none is stored', () => {
    expect(chooseStartLanguage({ stored: null, supported: ['UR', 'EN'], defaultLanguage: 'UR' })).toEqual({
      language: 'UR',
      writes: { lang: 'UR', hisLang: 'UR' },
    });
  });

  it('keeps a stored language the merchant supports, writing nothing', () => {
    expect(chooseStartLanguage({ stored: 'EN', supported: ['UR', 'EN'], defaultLanguage: 'UR' })).toEqual({
      language: 'EN',
      writes: {},
    });
  });

  it('replaces a stored language the merchant does not offer (or an unknown code) with the default', () => {
    for (const stored of ['CN', 'xx']) {
      expect(chooseStartLanguage({ stored, supported: ['UR', 'EN'], defaultLanguage: 'UR' })).toEqual({
        language: 'UR',
        writes: { lang: 'UR' },
      });
    }
  });
});

describe('switching language', () => {
  it('keeps the earlier choice as the history language', () => {
    expect(chooseSwitchedLanguage('EN', 'AR')).toEqual({ language: 'AR', writes: { lang: 'AR', hisLang: 'EN' } });
    expect(chooseSwitchedLanguage(null, 'AR')).toEqual({ language: 'AR', writes: { lang: 'AR' } });
  });
});

describe('fallback chain', () => {
  it('falls back to the merchant default, then EN, never to the language itself', () => {
    expect(fallbackChainOf('AR', 'CN')).toEqual(['CN', 'EN']);
    expect(fallbackChainOf('CN', 'CN')).toEqual(['EN']);
    expect(fallbackChainOf('AR', null)).toEqual(['EN']);
    expect(fallbackChainOf('EN', 'EN')).toEqual([]);
  });
});
