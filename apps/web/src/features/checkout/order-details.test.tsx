// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '@c2p/domain/locales/ar-EG';
import en from '@c2p/domain/locales/en-US';
import fr from '@c2p/domain/locales/fr-FR';
import { initI18nWith } from '../../lib/i18n';
import { PaymentDetails } from './order-details';

afterEach(cleanup);

const LOCALES = [
  ['en-US', en, 'Card cryptogram, short form', 'Card cryptogram, long form', 'Dynamic security code', 'Not included'],
  [
    'fr-FR',
    fr,
    'Cryptogramme de carte, format court',
    'Cryptogramme de carte, format long',
    'Code de sécurité dynamique',
    'Non inclus',
  ],
  [
    'ar-EG',
    ar,
    'رمز مشفّر للبطاقة، الصيغة القصيرة',
    'رمز مشفّر للبطاقة، الصيغة الطويلة',
    'رمز أمان ديناميكي',
    'غير مُضمَّن',
  ],
] as const;

const clickToPay = (dynamicDataType: string | null) =>
  ({
    method: 'click-to-pay',
    brand: 'mastercard',
    lastFour: '8785',
    credential: 'TOKEN',
    dynamicDataType,
    confirmedAt: null,
  }) as const;

describe('item 4: the cryptogram in words for shoppers', () => {
  for (const [code, catalogue, short, long, dcsc, none] of LOCALES) {
    it(`item 4: ${code} names each cryptogram type in words, never the network's value`, () => {
      initI18nWith(code, catalogue);
      for (const [value, words] of [
        ['CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM', short],
        ['CARD_APPLICATION_CRYPTOGRAM_LONG_FORM', long],
        ['DYNAMIC_CARD_SECURITY_CODE', dcsc],
        [null, none],
        ['NONE', none],
      ] as const) {
        const { container, unmount } = render(<PaymentDetails payment={clickToPay(value)} />);
        const shown = container.textContent ?? '';
        expect(shown).toContain(words);
        expect(shown).not.toMatch(/[A-Z]{2,}_[A-Z_]+/);
        expect(shown).not.toMatch(/\bNone\b/);
        unmount();
      }
    });
  }

  it('item 4: a type the catalogue does not know is not shown raw either', () => {
    initI18nWith('en-US', en);
    const { container } = render(<PaymentDetails payment={clickToPay('SOME_FUTURE_FORM')} />);
    expect(container.textContent).toContain('Another type (see the API log)');
    expect(container.textContent).not.toContain('SOME_FUTURE_FORM');
  });
});
