import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { localeOf, SERVER_MESSAGES, translate } from './i18n.ts';

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

  it('falls back to en-US, then the default text, then the server text, then the key', () => {
    expect(translate('xx-XX', 'SIGN_IN.INVALID_CREDENTIALS')).toBe('Invalid email or password');
    expect(translate('fr-FR', 'NO.SUCH.KEY', { defaultValue: 'Fallback for {{who}}', who: 'you' })).toBe(
      'Fallback for you',
    );
    // Server-only keys answer their English text until a catalogue has them.
    for (const key of Object.keys(SERVER_MESSAGES)) {
      for (const locale of ['en-US', 'fr-FR', 'ar-EG']) {
        const text = translate(locale, key, { max: 10 });
        expect(text, key).not.toBe(key);
        expect(text, key).not.toContain('{{');
      }
    }
    expect(translate('fr-FR', 'NO.SUCH.KEY')).toBe('NO.SUCH.KEY');
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
