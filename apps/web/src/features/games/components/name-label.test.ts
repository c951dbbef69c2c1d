import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { NAME_MARK, withName } from './name-label';

const locales = path.resolve(import.meta.dirname, '../../../locales');
const names = ['Crash', "Gonzo's Quest", 'Fortune <Tiger> & Co', '$1 Mega $& Wheel', 'لعبة الحظ', '{{name}}'];

describe('labels with a game name, translated once per list', () => {
  const languages = readdirSync(locales, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  it('covers every shipped language', () => expect(languages.length).toBe(40));
  for (const { name: language } of languages) {
    it(`read as i18next interpolates them in ${language}`, async () => {
      const games = JSON.parse(readFileSync(path.join(locales, language, 'games.json'), 'utf8'));
      // As the site's i18n is set up: no key separators, interpolated values not escaped.
      const i18n = createInstance();
      await i18n.init({
        lng: language,
        resources: { [language]: { games } },
        defaultNS: 'games',
        keySeparator: false,
        nsSeparator: false,
        interpolation: { escapeValue: false },
      });
      for (const key of ['game_favourite_add', 'game_favourite_remove']) {
        const label = withName(i18n.t(key, { name: NAME_MARK }));
        for (const name of names) expect(label(name)).toBe(i18n.t(key, { name }));
      }
    });
  }
});
