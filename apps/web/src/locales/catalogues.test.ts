import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { accountFieldErrorCodes, errorCatalogue, fieldErrorCodes, languageCodes } from '@tessera/contracts';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.resolve(here, '..');

const catalogue = (language: string, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(here, language, `${namespace}.json`), 'utf8'));

const namespacesOf = (language: string): string[] =>
  readdirSync(path.join(here, language))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.replace(/\.json$/, ''))
    .sort();

/** The {{placeholders}} of a text, sorted, as one string. */
const placeholdersOf = (text: string): string =>
  Array.from(text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g), (match) => match[1])
    .sort()
    .join(',');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('translation catalogues', () => {
  it('translate every error code of the contracts catalogue in EN', () => {
    const errors = catalogue('EN', 'errors');
    const codes = [...Object.keys(errorCatalogue), ...fieldErrorCodes, ...accountFieldErrorCodes];
    expect(codes.filter((code) => !errors[code])).toEqual([]);
  });

  it('name every platform language', () => {
    const names = catalogue('EN', 'languages');
    expect(languageCodes.filter((code) => !names[code])).toEqual([]);
  });

  it('ship only complete catalogues: every shipped language has every EN key and placeholder, none empty', () => {
    // A language folder ships only when complete; one missing a key fails here (decision 0018).
    const shipped = readdirSync(here, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'EN')
      .map((entry) => entry.name);
    expect(shipped).toEqual(expect.arrayContaining(['CN', 'AR']));
    for (const language of shipped) {
      expect(languageCodes).toContain(language);
      const namespaces = namespacesOf(language);
      expect({ language, namespaces }).toEqual({
        language,
        namespaces: namespacesOf('EN').filter((ns) => ns !== 'languages'),
      });
      for (const namespace of namespaces) {
        const english = catalogue('EN', namespace);
        const translated = catalogue(language, namespace);
        expect({ language, namespace, keys: Object.keys(translated).sort() }).toEqual({
          language,
          namespace,
          keys: Object.keys(english).sort(),
        });
        expect(Object.entries(translated).filter(([, text]) => text.trim() === '')).toEqual([]);
        const wrongPlaceholders = Object.keys(english).filter(
          (key) => placeholdersOf(english[key] ?? '') !== placeholdersOf(translated[key] ?? ''),
        );
        expect({ language, namespace, wrongPlaceholders }).toEqual({ language, namespace, wrongPlaceholders: [] });
      }
    }
  });

  it('hold every key the code passes to t() as a literal', () => {
    const known = new Set(namespacesOf('EN').flatMap((namespace) => Object.keys(catalogue('EN', namespace))));
    const used = new Set(
      sourceFiles(srcDir).flatMap((file) =>
        Array.from(readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([^']+)'/g), (match) => match[1] ?? ''),
      ),
    );
    expect([...used].filter((key) => !known.has(key))).toEqual([]);
  });
});
