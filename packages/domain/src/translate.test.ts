import { describe, expect, it } from 'vitest';
import arEG from '../locales/ar-EG/index.ts';
import enUS from '../locales/en-US/index.ts';
import { interpolate, lookupMessage, translateMessage } from './translate.ts';

describe('translateMessage', () => {
  const catalogue = {
    CART: { ITEMS_zero: 'No items', ITEMS_one: 'One item', ITEMS_other: '{{count}} items' },
    HELLO: 'Hello {{name}}, {{ name }}!',
  };

  it('follows dotted keys, fills placeholders and leaves unknown ones', () => {
    expect(translateMessage(catalogue, 'en-US', 'HELLO', { name: 'Ada' })).toBe('Hello Ada, Ada!');
    expect(interpolate('{{missing}} stays', { other: 1 })).toBe('{{missing}} stays');
    expect(lookupMessage(catalogue, 'CART')).toBeUndefined();
    expect(lookupMessage(catalogue, 'CART.ITEMS_one.deeper')).toBeUndefined();
    expect(lookupMessage(catalogue, '__proto__.toString')).toBeUndefined();
    expect(translateMessage(catalogue, 'en-US', 'NOPE')).toBeUndefined();
  });

  it("picks _zero for 0, then the language's plural category, then _other", () => {
    expect(translateMessage(catalogue, 'en-US', 'CART.ITEMS', { count: 0 })).toBe('No items');
    expect(translateMessage(catalogue, 'en-US', 'CART.ITEMS', { count: 1 })).toBe('One item');
    expect(translateMessage(catalogue, 'en-US', 'CART.ITEMS', { count: 7 })).toBe('7 items');
    expect(translateMessage({ X_other: '{{count}}' }, 'fr-FR', 'X', { count: 0 })).toBe('0');
  });

  it('uses the Arabic plural forms of the real catalogues', () => {
    const forms = [0, 1, 2, 3, 11, 100].map((count) =>
      translateMessage(arEG, 'ar-EG', 'STORE_NAV.CART_COUNT', { count }),
    );
    expect(new Set(forms).size).toBeGreaterThanOrEqual(5);
    expect(translateMessage(enUS, 'en-US', 'STORE_NAV.CART_COUNT', { count: 2 })).toContain('2');
  });
});
