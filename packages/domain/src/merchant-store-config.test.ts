import { describe, expect, it } from 'vitest';
import {
  DOCUMENTED_COMPONENTS,
  STORE_CONFIG_VERSION,
  defaultStoreConfiguration,
  storedOrDefaultStoreConfiguration,
} from './merchant-store-config.ts';

describe('merchant store configuration', () => {
  it('has a documentation and a code link for each of the eleven components, and the test contact', () => {
    const config = defaultStoreConfiguration(new Date('2026-11-23'));
    expect(Object.keys(config.documentationLinks)).toEqual([...DOCUMENTED_COMPONENTS]);
    expect(config.testDataCardDetails).toMatchObject({
      cardStatus: 'SUCCESS',
      expiryDate: '12/29',
      securityCode: '123',
    });
    expect(config.testDataContactDetails[0]).toMatchObject({ phoneCountryCode: '+1', schemes: { mastercard: true } });
  });

  it('keeps a stored copy of its version and replaces another version by the defaults', () => {
    const edited = defaultStoreConfiguration();
    edited.documentationLinks.cardInput.documentationLink = 'https://docs.example/card-input';
    expect(
      storedOrDefaultStoreConfiguration(JSON.stringify(edited)).documentationLinks.cardInput.documentationLink,
    ).toBe('https://docs.example/card-input');
    const old = { ...edited, lastUpdated: '01/01/2020' };
    expect(
      storedOrDefaultStoreConfiguration(JSON.stringify(old)).documentationLinks.cardInput.documentationLink,
    ).not.toBe('https://docs.example/card-input');
    expect(storedOrDefaultStoreConfiguration('{not json').lastUpdated).toBe(STORE_CONFIG_VERSION);
  });
});
