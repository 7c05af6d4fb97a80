import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';

type Tree = { [key: string]: string | Tree };

// i18next picks plural suffixes by each language's rules, so Arabic has forms English lacks.
const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const dir = new URL('../locales/', import.meta.url);
const areaFiles = (code: string) => readdirSync(new URL(`${code}/`, dir)).filter((f) => f.endsWith('.json'));
const readArea = (code: string, file: string): Tree =>
  JSON.parse(readFileSync(new URL(`${code}/${file}`, dir), 'utf8'));
const catalogues = new Map(
  LOCALES.map((locale) => [
    locale.code,
    leaves(Object.assign({}, ...areaFiles(locale.code).map((file) => readArea(locale.code, file)))),
  ]),
);
const baseKeys = (code: string) =>
  new Set([...catalogues.get(code as never)!.keys()].map((k) => k.replace(PLURAL, '')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  it('has one catalogue per registered locale and no other, each with the same area files', () => {
    const folders = readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(folders.sort()).toEqual(LOCALES.map((l) => l.code).sort());
    for (const locale of LOCALES) expect(areaFiles(locale.code)).toEqual(areaFiles('en-US'));
  });

  it('never defines a top-level key in two area files, which would silently hide one of them', () => {
    for (const locale of LOCALES) {
      const seen = new Map<string, string>();
      for (const file of areaFiles(locale.code)) {
        for (const key of Object.keys(readArea(locale.code, file))) {
          expect(seen.get(key), `${locale.code}: ${key} in ${file} and ${seen.get(key)}`).toBeUndefined();
          seen.set(key, file);
        }
      }
    }
  });

  for (const a of LOCALES) {
    for (const b of LOCALES) {
      if (a === b) continue;
      it(`${b.code} has every key ${a.code} has`, () => {
        const missing = [...baseKeys(a.code)].filter((key) => !baseKeys(b.code).has(key));
        expect(missing).toEqual([]);
      });
    }
  }

  it('keeps every {{placeholder}} of the English text in each translation', () => {
    const english = catalogues.get('en-US')!;
    for (const locale of LOCALES) {
      for (const [key, text] of catalogues.get(locale.code)!) {
        const source = english.get(key) ?? english.get(key.replace(PLURAL, '_other'));
        if (source === undefined) continue;
        expect(placeholders(text), `${locale.code} ${key}`).toEqual(placeholders(source));
      }
    }
  });

  it('has no empty strings', () => {
    for (const locale of LOCALES) {
      const empty = [...catalogues.get(locale.code)!].filter(([, text]) => text.trim() === '').map(([key]) => key);
      expect(empty, locale.code).toEqual([]);
    }
  });
});
