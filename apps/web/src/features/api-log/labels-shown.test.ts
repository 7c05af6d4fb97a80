// @vitest-environment node
// Issue 29 item 8: what the API log shows for each value the app writes into it is words from the
// catalogues, in every locale: no "Environment: mock", no "A call of this checkout." for a call the
// app makes itself, no "Browser SDK" on the developer-mode settings entry.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, networkEnvironment, SDK_METHODS, translateMessage } from '@c2p/domain';
import { purposeKey } from './entry-code';
import { envLabel } from './labels';
import { sourceOf } from './log-filter';
import { CATALOGUES, tIn } from './test-utils';

const src = fileURLToPath(new URL('../../', import.meta.url));
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Every call name the app writes into the log: the SDK's methods and the names its code logs by. */
function loggedNames(): string[] {
  const names = new Set<string>(SDK_METHODS);
  const patterns = [
    /callLog\.append\([^]*?name: '(\w+)'/g,
    /logged\('(\w+)'/g,
    /serverCall\(\s*ctx,\s*'(\w+)'/g,
    /logServerCall\('(\w+)'/g,
  ];
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  return [...names];
}

describe('issue 29 item 8: the API log shows words, not raw values', () => {
  const environments = [
    'mock',
    'unknown',
    ...['/sandbox/lib.js', 'https://sandbox.src.mastercard.com/x', 'https://src.mastercard.com/x'].map(
      networkEnvironment,
    ),
  ];

  for (const locale of LOCALE_CODES) {
    it(`${locale}: every environment a transaction records has a name`, () => {
      for (const env of environments) {
        const label = envLabel(tIn(locale), env);
        expect(label, env).not.toBe(env);
        expect(label, env).not.toMatch(/^API_LOG\./);
      }
    });

    it(`${locale}: every call the app logs has its own purpose, not the general line`, () => {
      const names = loggedNames();
      // The scan finds the card-on-file and developer-mode names, not only the SDK's.
      expect(names).toEqual(expect.arrayContaining(['saveCardOnFile', 'cardOnFileCredentials', 'configuration']));
      for (const name of names) {
        const key = purposeKey(name);
        expect(key, name).not.toBe('API_LOG.PURPOSE.OTHER');
        expect(translateMessage(CATALOGUES[locale], locale, key), name).toBeDefined();
      }
    });
  }

  it('the developer-mode settings entry is labelled as settings, not as a browser SDK call', () => {
    const entry = { name: 'configuration', request: {}, response: null, logTime: '', source: 'settings' as const };
    expect(sourceOf(entry)).toBe('settings');
    for (const locale of LOCALE_CODES) {
      const label = translateMessage(CATALOGUES[locale], locale, `API_LOG.SOURCE.${sourceOf(entry)}`);
      expect(label).toBeDefined();
      expect(label).not.toBe(translateMessage(CATALOGUES[locale], locale, 'API_LOG.SOURCE.sdk'));
    }
    const client = readFileSync(join(src, 'lib/click-to-pay/client.ts'), 'utf8');
    expect(client).toMatch(/name: 'configuration',[\s\S]{0,300}?source: 'settings'/);
  });
});
