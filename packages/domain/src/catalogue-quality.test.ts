// Catalogue quality over every namespace file of every locale (issue 18 item 3). It reads the
// folders, not a list, so the namespaces other areas add are held to the same bar.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INTENDED_AS_IN_ENGLISH } from './catalogue-intended.ts';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[path, value] as [string, string]] : leaves(value, path);
  });
}

const dir = new URL('../locales/', import.meta.url);
const files = (code: string) => readdirSync(new URL(`${code}/`, dir)).filter((file) => file.endsWith('.json'));
const catalogue = (code: string) =>
  new Map(files(code).flatMap((file) => leaves(JSON.parse(readFileSync(new URL(`${code}/${file}`, dir), 'utf8')))));

const english = catalogue('en-US');
const TRANSLATED = ['fr-FR', 'ar-EG'] as const;

/** Placeholders, tags, URLs and times are not prose: a ':' in them is not French punctuation. */
const prose = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '')
    .replace(/\d:\d/g, '');

describe('catalogue quality, every namespace file', () => {
  it('fr-FR puts a (narrow) no-break space before every colon, and before ; ! ?', () => {
    const wrong = [...catalogue('fr-FR')]
      .filter(([, text]) => /(^|[^\u00a0\u202f]):|[^\u00a0\u202f][;!?]/.test(prose(text)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(wrong).toEqual([]);
  });

  it('ar-EG writes its numbers in Arabic-Indic digits (codes, addresses and test data excepted)', () => {
    const western = [...catalogue('ar-EG')]
      .filter(([key]) => !key.includes('TEST_DATA'))
      .filter(([, text]) => /\d/.test(prose(text).replace(/[\w@.-]*[A-Za-z@][\w@.-]*/g, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(western).toEqual([]);
  });

  it('ar-EG titles name nothing in English but the product and its acronyms (not "Authenticate")', () => {
    const english = [...catalogue('ar-EG')]
      .filter(([key]) => key.endsWith('TITLE'))
      .filter(([, text]) => /[A-Za-z]/.test(prose(text).replace(/Click to Pay( Demo)?|\b(API|JSON|SRC)\b/g, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(english).toEqual([]);
  });

  for (const code of TRANSLATED) {
    it(`${code} translates the component pages' titles, their first word too`, () => {
      const translated = catalogue(code);
      const untranslated = [...english]
        .filter(([key]) => /^COMPONENTS\.PAGES\.\w+\.TITLE$/.test(key))
        .filter(([key, text]) => translated.get(key)?.split(' ')[0] === text.split(' ')[0])
        .map(([key]) => `${key}: ${translated.get(key)}`);
      expect(untranslated).toEqual([]);
    });
  }

  it('ar-EG names the demos\' info links without a verb that must agree with the name ("كيف يعمل قائمة البطاقات")', () => {
    const ar = catalogue('ar-EG');
    const names = [...ar].filter(([key]) => key.startsWith('INFO_WIDGET.NAMES.')).map(([, name]) => name);
    expect(names.length).toBeGreaterThan(0);
    expect(ar.get('INFO_WIDGET.OPEN')).not.toMatch(/^كيف (يعمل|تعمل) /);
    expect(names.map((name) => ar.get('INFO_WIDGET.OPEN')!.replace('{{name}}', name))).toContain(
      'كيفية عمل قائمة البطاقات',
    );
  });

  for (const code of TRANSLATED) {
    it(`${code} translates every value, except the ones listed as intended to read as in English`, () => {
      const same = [...catalogue(code)]
        .filter(([key, text]) => english.get(key) === text && /\p{L}{2}/u.test(prose(text)))
        .map(([key]) => key)
        .filter((key) => !INTENDED_AS_IN_ENGLISH.has(key));
      expect(same).toEqual([]);
    });
  }

  it('lists as intended only keys that exist and still read as in English somewhere', () => {
    const stale = [...INTENDED_AS_IN_ENGLISH].filter(
      (key) => !TRANSLATED.some((code) => catalogue(code).get(key) === english.get(key)),
    );
    expect(stale).toEqual([]);
  });

  // Issue 29 item 8: no shown string is a raw constant or a placeholder, in any locale.
  const ALL = ['en-US', ...TRANSLATED] as const;
  for (const code of ALL) {
    const entries = [...catalogue(code)];

    it(`${code} shows no key as its own value (ENVIRONMENT, cardInput)`, () => {
      const raw = entries
        .filter(([key, text]) => {
          const last = key
            .split('.')
            .at(-1)!
            .replace(/_(zero|one|two|few|many|other)$/, '');
          return text.trim() === key || (text.trim() === last && /^[A-Z0-9_]{3,}$|^[a-z]+[A-Z]\w*$/.test(last));
        })
        .map(([key, text]) => `${key}: ${text}`);
      expect(raw).toEqual([]);
    });

    it(`${code} has no placeholder text (TODO, lorem, FIXME, TBD, xxx) and only well-formed {{name}} slots`, () => {
      const placeholder = entries
        .filter(
          ([, text]) =>
            /\b(TODO|FIXME|TBD|XXX+|lorem|ipsum)\b/i.test(text) ||
            /\{\{(?!\s*\w+\s*\}\})|(?<!\{\{\s*\w+\s*)\}\}|\$\{|%s|undefined|\[object Object\]/.test(text),
        )
        .map(([key, text]) => `${key}: ${text}`);
      expect(placeholder).toEqual([]);
    });

    it(`${code} names card brands properly, never by their lower-case ids (mastercard, visa, amex)`, () => {
      const ids = entries
        .filter(([key]) => !key.startsWith('CONFIG_SCREEN.OPTIONS.'))
        // Addresses, emails and code (backquoted or an identifier with dots) may hold the ids.
        .filter(([, text]) =>
          /(^|[^\w@./-])(mastercard|visa|amex|discover)(?![\w@.-])/.test(
            prose(text).replace(/`[^`]*`|\S+@\S+|\S+\.\S+\/\S*/g, ''),
          ),
        )
        .map(([key, text]) => `${key}: ${text}`);
      expect(ids).toEqual([]);
    });
  }

  for (const code of ALL) {
    const entries = [...catalogue(code)];

    it(`${code} writes no amount of money itself: amounts come formatted, with their currency, through a slot`, () => {
      const amounts = entries
        .filter(([, text]) => /(^|[^\d٠-٩.,٫])[\d٠-٩]+[.,٫][\d٠-٩]{2}(?![\d٠-٩.,٫])/.test(prose(text)))
        .map(([key, text]) => `${key}: ${text}`);
      expect(amounts).toEqual([]);
    });

    it(`${code} names no test shopper or card itself: they come from the configuration's test data`, () => {
      const testData = entries
        .filter(([, text]) => /[\w.]+@example\.com|\b(5186|5120|4111)[\d ]{8,}/.test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(testData).toEqual([]);
    });
  }
});
