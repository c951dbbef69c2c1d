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

  it('give CN and AR the same keys as EN in every translated namespace', () => {
    for (const language of ['CN', 'AR']) {
      const namespaces = namespacesOf(language);
      expect(namespaces).toEqual(namespacesOf('EN').filter((ns) => ns !== 'languages'));
      for (const namespace of namespaces) {
        const english = Object.keys(catalogue('EN', namespace)).sort();
        const translated = catalogue(language, namespace);
        expect({ language, namespace, keys: Object.keys(translated).sort() }).toEqual({
          language,
          namespace,
          keys: english,
        });
        expect(Object.entries(translated).filter(([, text]) => text.trim() === '')).toEqual([]);
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
