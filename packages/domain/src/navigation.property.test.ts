import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './navigation.ts';

/**
 * Issue 6: a redirect target is kept only when it is a relative path made of safe characters;
 * everything else (absolute URLs, protocol-relative "//" and "/\", script URLs, encoded and
 * control-character variants) is ignored, so a sign-in link can never send the shopper elsewhere.
 */
const ORIGIN = 'https://shop.example';
const SAFE = /^[A-Za-z0-9\-._~/?=&%]$/;
const safeChar = fc.constantFrom(...'abcXYZ019-._~/?=&%'.split(''));
const segmentChar = fc.constantFrom(...'abcdefXYZ0189-._~'.split(''));
const segment = fc.string({ unit: segmentChar, minLength: 1, maxLength: 12 });

/** Relative paths a shop would redirect to: /segment/segment?key=value&key=value. */
const safeTarget = fc
  .tuple(
    fc.array(segment, { minLength: 1, maxLength: 4 }),
    fc.option(fc.array(fc.tuple(segment, segment), { minLength: 1, maxLength: 3 }), { nil: undefined }),
    fc.boolean(),
  )
  .map(([segments, query, trailingSlash]) => {
    const path = `/${segments.join('/')}${trailingSlash ? '/' : ''}`;
    return query ? `${path}?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : path;
  });

const SCHEMES = ['javascript', 'JavaScript', 'JAVASCRIPT', 'data', 'vbscript', 'file', 'http', 'https', 'ftp', 'blob'];

/** Ways to smuggle another origin or a script URL past a naive check. */
const hostileTarget = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webUrl().map((url) => url.replace(/^https?:/, '')), // protocol-relative //host/...
  fc.domain().map((host) => `//${host}`),
  fc.domain().map((host) => `/\\${host}`),
  fc.domain().map((host) => `\\\\${host}`),
  fc.domain().map((host) => `/\\/${host}`),
  fc.domain().map((host) => `///${host}`),
  fc.domain().map((host) => ` //${host}`),
  fc.domain().map((host) => `\t//${host}`),
  fc.domain().map((host) => `/\t/${host}`),
  fc.domain().map((host) => `/\n/${host}`),
  fc.domain().map((host) => `%2F%2F${host}`),
  fc.domain().map((host) => `%2f%5c${host}`),
  fc.domain().map((host) => `https%3A%2F%2F${host}`),
  fc.domain().map((host) => `/@${host}`),
  fc.domain().map((host) => `/${host}#@evil`),
  fc
    .tuple(fc.constantFrom(...SCHEMES), fc.constantFrom(':', '%3A', '%3a', '&#58;', '\t:', ':\n'))
    .map(([scheme, colon]) => `${scheme}${colon}alert(1)`),
  fc.constantFrom(
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
  ),
  fc.constantFrom('/<script>alert(1)</script>', '/"><img src=x onerror=alert(1)>', "/'onmouseover='alert(1)"),
);

/** A safe target with one character that is not in the safe set (control, space, quote, unicode...). */
const unsafeChar = fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((char) => !SAFE.test(char));
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const withUnsafeChar = fc
  .tuple(safeTarget, fc.oneof(unsafeChar, controlChar, fc.constant('\u007f')), fc.nat())
  .map(([target, char, at]) => {
    const index = 1 + (at % target.length);
    return target.slice(0, index) + char + target.slice(index);
  });

describe('safeRedirectPath, generated targets', () => {
  it('keeps every relative path made of safe characters, unchanged', () => {
    fc.assert(
      fc.property(safeTarget, (target) => {
        expect(safeRedirectPath(target)).toBe(target);
      }),
      { numRuns: 1000 },
    );
  });

  it('ignores absolute, protocol-relative, backslash, script and encoded targets', () => {
    fc.assert(
      fc.property(hostileTarget, (target) => {
        expect(safeRedirectPath(target)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it('ignores any target with a control character or a character outside the safe set', () => {
    fc.assert(
      fc.property(withUnsafeChar, (target) => {
        expect(safeRedirectPath(target)).toBeNull();
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps a target only when it is a same-origin path as the browser resolves it', () => {
    fc.assert(
      fc.property(
        fc.oneof(safeTarget, hostileTarget, withUnsafeChar, fc.string({ unit: safeChar, maxLength: 20 }), fc.string()),
        (target) => {
          const kept = safeRedirectPath(target);
          if (kept === null) return;
          expect(kept).toBe(target);
          expect(kept.startsWith('/')).toBe(true);
          expect(kept).not.toMatch(/^\/[/\\]/);
          expect([...kept].every((char) => SAFE.test(char))).toBe(true);
          const resolved = new URL(kept, ORIGIN);
          expect(resolved.origin).toBe(ORIGIN);
          expect(resolved.protocol).toBe('https:');
        },
      ),
      { numRuns: 2000 },
    );
  });
});
