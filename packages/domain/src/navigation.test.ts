import { describe, expect, it } from 'vitest';
import { clearsHostedCheckout, needsFullPageLoad, safeRedirectPath } from './navigation.ts';

describe('full page load rules', () => {
  it('forces a full load when moving to /home or /card-on-file from another page', () => {
    expect(needsFullPageLoad('/products', '/home')).toBe(true);
    expect(needsFullPageLoad('/cart', '/card-on-file')).toBe(true);
    expect(needsFullPageLoad('/cart', '/card-on-file/')).toBe(true);
    expect(clearsHostedCheckout('/cart', '/home')).toBe(true);
  });

  it('keeps client navigation elsewhere and within the same page', () => {
    expect(needsFullPageLoad('/home', '/products')).toBe(false);
    expect(needsFullPageLoad('/home', '/home')).toBe(false);
    expect(needsFullPageLoad('/card-on-file', '/card-on-file/saved-cards')).toBe(false);
    expect(clearsHostedCheckout('/home', '/products')).toBe(false);
  });

  it('forces a full load when leaving the configuration page, without touching hosted checkout', () => {
    expect(needsFullPageLoad('/srci/config', '/products')).toBe(true);
    expect(clearsHostedCheckout('/srci/config', '/products')).toBe(false);
  });
});

describe('redirect targets', () => {
  it('accepts relative paths made of safe characters', () => {
    expect(safeRedirectPath('/checkout/payment')).toBe('/checkout/payment');
    expect(safeRedirectPath('/products?id=3&x=%20')).toBe('/products?id=3&x=%20');
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'checkout',
    '/a<script>',
    'javascript:alert(1)',
    '',
    null,
  ])('ignores %s', (target) => {
    expect(safeRedirectPath(target)).toBeNull();
  });
});
