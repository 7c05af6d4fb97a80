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
  it.each([
    ['live-tool', '/home'],
    ['live-tool-cof', '/home'],
    ['mock-tool-installments', '/demo/guided-tour/installments'],
    ['mock-tool', '/demo/guided-tour'],
    ['mock-tool-cof', '/demo/guided-tour'],
  ] as const)("sends the error page's home link for %s to %s, where the tool lives", (tool, home) => {
    expect(homePathForTool(tool)).toBe(home);
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
