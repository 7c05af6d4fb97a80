import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import arEG from '@c2p/domain/locales/ar-EG';
import enUS from '@c2p/domain/locales/en-US';
import frFR from '@c2p/domain/locales/fr-FR';
import { localeOf, translate } from './i18n.ts';

const request = (cookies: Record<string, string>, headers: Record<string, string> = {}) =>
  ({ cookies, headers }) as unknown as FastifyRequest;

describe('translate', () => {
  it('answers the key in the requested language', () => {
    expect(translate('fr-FR', 'REGISTER_FORM.ERROR_MESSAGES.EMAIL')).toBe("L'adresse e-mail n'est pas valide");
    expect(translate('ar-EG', 'SIGN_IN.INVALID_CREDENTIALS')).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(translate('en-US', 'SIGN_IN.INVALID_CREDENTIALS')).toBe('Invalid email or password');
  });

  it('interpolates {{name}} placeholders and leaves unknown ones', () => {
    expect(translate('en-US', 'TOP_BAR.SIGNED_IN_AS', { email: 'a@b.co' })).toBe('Signed in as a@b.co');
    expect(translate('fr-FR', 'FOOTER.VERSION', { version: '4.7.0' })).toContain('4.7.0');
    expect(translate('en-US', 'TOP_BAR.SIGNED_IN_AS')).toBe('Signed in as {{email}}');
  });

  it('falls back to en-US, then the key', () => {
    expect(translate('xx-XX', 'SIGN_IN.INVALID_CREDENTIALS')).toBe('Invalid email or password');
    expect(translate('fr-FR', 'NO.SUCH.KEY', { who: 'you' })).toBe('NO.SUCH.KEY');
    expect(translate('fr-FR', 'Plain text. Not a key')).toBe('Plain text. Not a key');
  });

  it('never answers an object for a key that names a group, nor inherited properties', () => {
    expect(translate('en-US', 'SIGN_IN')).toBe('SIGN_IN');
    expect(translate('en-US', 'constructor')).toBe('constructor');
    expect(translate('en-US', 'SIGN_IN.toString')).toBe('SIGN_IN.toString');
  });
});

describe('localeOf', () => {
  it('prefers the locale cookie', () => {
    expect(localeOf(request({ locale: 'ar-EG' }, { 'accept-language': 'fr-FR' }))).toBe('ar-EG');
  });

  it('ignores an unknown cookie and takes the first supported Accept-Language, by quality', () => {
    expect(localeOf(request({ locale: 'de-DE' }, { 'accept-language': 'de-DE, fr-CA;q=0.8, en;q=0.5' }))).toBe('fr-FR');
    expect(localeOf(request({}, { 'accept-language': 'en;q=0.4, ar;q=0.9' }))).toBe('ar-EG');
    expect(localeOf(request({}, { 'accept-language': 'FR-fr' }))).toBe('fr-FR');
    expect(localeOf(request({}, { 'accept-language': 'fr;q=0, en-GB' }))).toBe('en-US');
  });

  it('defaults to en-US', () => {
    expect(localeOf(request({}))).toBe('en-US');
    expect(localeOf(request({}, { 'accept-language': 'de, ja;q=0.5, *' }))).toBe('en-US');
    expect(localeOf(request({}, { 'accept-language': ';;;q=abc,,' }))).toBe('en-US');
  });
});

/** Every 'API.…' string literal in the server's source and the API contract's schemas (messages in api.json). */
function apiKeysUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const src of [
    new URL('../', import.meta.url),
    new URL('../../../../packages/domain/src/api/', import.meta.url),
  ]) {
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
      if (!file.endsWith('.ts')) continue;
      const text = readFileSync(new URL(file.split(/[\\/]/).join('/'), src), 'utf8');
      for (const match of text.matchAll(/(['"`])(API\.[A-Z0-9_.]+)\1/g)) used.set(match[2]!, file);
    }
  }
  return used;
}

function textAt(catalogue: unknown, key: string): unknown {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

describe('server messages', () => {
  const used = apiKeysUsed();
  const catalogues = { 'en-US': enUS, 'fr-FR': frFR, 'ar-EG': arEG };

  it('finds the API.* keys the server uses', () => {
    expect(used.size).toBeGreaterThanOrEqual(20);
    expect(used.has('API.ACCOUNT.EMAIL_TAKEN')).toBe(true);
  });

  it('has every API.* key the server uses in every catalogue', () => {
    const missing: string[] = [];
    for (const [key, file] of used) {
      for (const [locale, catalogue] of Object.entries(catalogues)) {
        const text = textAt(catalogue, key);
        if (typeof text !== 'string' || text.trim() === '') missing.push(`${locale}: ${key} (used in ${file})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("answers each of them in the visitor's language, with its placeholders filled", () => {
    for (const key of used.keys()) {
      const names = String(textAt(catalogues['en-US'], key)).matchAll(/\{\{(\w+)\}\}/g);
      const params = Object.fromEntries([...names].map(([, name]) => [name!, 10]));
      const english = translate('en-US', key, params);
      for (const locale of ['en-US', 'fr-FR', 'ar-EG']) {
        const text = translate(locale, key, params);
        expect(text, `${locale} ${key}`).not.toBe(key);
        expect(text, `${locale} ${key}`).not.toContain('{{');
        if (locale !== 'en-US') expect(text, `${locale} ${key}`).not.toBe(english);
      }
    }
  });
});
