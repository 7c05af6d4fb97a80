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
const catalogues = new Map(
  LOCALES.map((locale) => [locale.code, leaves(JSON.parse(readFileSync(new URL(`${locale.code}.json`, dir), 'utf8')))]),
);
const baseKeys = (code: string) =>
  new Set([...catalogues.get(code as never)!.keys()].map((k) => k.replace(PLURAL, '')));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  it('has one catalogue per registered locale and no other', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace('.json', ''));
    expect(files.sort()).toEqual(LOCALES.map((l) => l.code).sort());
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
