import { describe, expect, it } from 'vitest';
import { isKnownRoute } from './routes.ts';
import { homePathForTool, isSignInRequired, parseTool } from './tools.ts';
import { DEFAULT_LOCALE, LOCALES, resolveLocale } from './locales.ts';

describe('routes', () => {
  it.each([
    '/',
    '/home',
    '/products/7',
    '/checkout/payment',
    '/checkout/thank-you/',
    '/srci/config',
    '/demo/guided-tour/installments/steps',
  ])('knows %s', (path) => expect(isKnownRoute(path)).toBe(true));

  it.each(['/nope', '/products/7/extra', '/checkout/pay', '/srci', '/home/x'])('does not know %s', (path) => {
    expect(isKnownRoute(path)).toBe(false);
  });
});

describe('tools', () => {
  it('sends the error page home link where the active tool lives', () => {
    expect(homePathForTool('live-tool')).toBe('/home');
    expect(homePathForTool('live-tool-cof')).toBe('/home');
    expect(homePathForTool('mock-tool-installments')).toBe('/demo/guided-tour/installments');
    expect(homePathForTool('mock-tool')).toBe('/demo/guided-tour');
    expect(homePathForTool('mock-tool-cof')).toBe('/demo/guided-tour');
  });

  it('defaults to the live tool and requires sign-in only for live card-on-file', () => {
    expect(parseTool(null)).toBe('live-tool');
    expect(parseTool('bogus')).toBe('live-tool');
    expect(isSignInRequired('live-tool-cof')).toBe(true);
    expect(isSignInRequired('live-tool')).toBe(false);
  });
});

describe('locales', () => {
  it('has en-US as the default, ar-EG right to left', () => {
    expect(DEFAULT_LOCALE.code).toBe('en-US');
    expect(LOCALES.map((l) => [l.code, l.dir])).toEqual([
      ['en-US', 'ltr'],
      ['fr-FR', 'ltr'],
      ['ar-EG', 'rtl'],
    ]);
    expect(resolveLocale('ar-EG').iso).toBe('ar_EG');
    expect(resolveLocale('de-DE')).toBe(DEFAULT_LOCALE);
  });
});
