import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_CONFIG_VERSION,
  defaultCheckoutConfiguration,
  defaultCommonSettings,
  initParams,
  networkEnvironment,
  sdkScriptUrl,
  storedOrDefaultCommonSettings,
  storedOrDefaultConfiguration,
} from './merchant-config.ts';

describe('merchant checkout configuration', () => {
  it("has the spec's defaults", () => {
    const config = defaultCheckoutConfiguration();
    const options = config.dpaTransactionOptions;
    expect(options.transactionAmount).toEqual({ transactionAmount: 100, transactionCurrencyCode: 'USD' });
    expect(options.merchantCategoryCode).toBe('0008');
    expect(options.merchantCountryCode).toBe('US');
    expect(options.dpaBillingPreference).toBe('FULL');
    expect(options.threeDsPreference).toBe('NONE');
    expect(options.confirmPayment).toBe(false);
    expect(options.paymentOptions).toEqual([{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }]);
    expect(config.lastUpdated).toBe('21/03/2024');
    expect(config.srciEnv.scriptSrc).toBe('/sandbox/srci/integration/2/lib.js');
    expect(defaultCommonSettings()).toMatchObject({ dcfPresentationType: 'actionsheet', windowRefType: 'iframe' });
  });

  it('keeps a stored copy of the built-in version and replaces any other with the defaults', () => {
    const edited = { ...defaultCheckoutConfiguration(), cardBrands: ['visa'] };
    expect(storedOrDefaultConfiguration(JSON.stringify(edited)).cardBrands).toEqual(['visa']);
    const old = { ...edited, lastUpdated: '13/03/2023' };
    expect(storedOrDefaultConfiguration(JSON.stringify(old)).cardBrands).toHaveLength(4);
    expect(storedOrDefaultConfiguration('{not json').lastUpdated).toBe(CHECKOUT_CONFIG_VERSION);
    expect(storedOrDefaultConfiguration(null)).toEqual(defaultCheckoutConfiguration());
    expect(storedOrDefaultCommonSettings('{"windowRefType":"popup"}').windowRefType).toBe('popup');
    expect(storedOrDefaultCommonSettings('[').dcfPresentationType).toBe('actionsheet');
  });

  it('initialises with the UI locale and without checkoutExperience when it is NONE', () => {
    const config = defaultCheckoutConfiguration();
    const params = initParams(config, defaultCommonSettings(), { iso: 'ar_EG' });
    expect(params).toMatchObject({
      srcDpaId: config.srciEnv.dpaId,
      dpaData: { dpaName: 'Click to Pay Demo' },
      checkoutExperience: 'WITHIN_CHECKOUT',
      dpaTransactionOptions: { dpaLocale: 'ar_EG' },
    });
    const none = initParams({ ...config, checkoutExperience: 'NONE' }, defaultCommonSettings(), { iso: 'en_US' });
    expect(none).not.toHaveProperty('checkoutExperience');
    const withAcquirer = initParams(
      config,
      { ...defaultCommonSettings(), includeAcquirerIdBin: true },
      { iso: 'en_US' },
    );
    expect((withAcquirer.dpaTransactionOptions as { acquirerData: unknown[] }).acquirerData[0]).toEqual({
      cardBrand: 'amex',
      acquirerBIN: '545301',
      acquirerMerchantId: 'SRC3DS',
    });
  });

  it('loads the SDK with the DPA id in the query, or the hosted script when the session flag is on', () => {
    const config = defaultCheckoutConfiguration();
    const url = sdkScriptUrl(config, { iso: 'fr_FR' }, false);
    expect(url).toBe(
      `/sandbox/srci/integration/2/lib.js?srcDpaId=${encodeURIComponent(config.srciEnv.dpaId)}&locale=fr_FR`,
    );
    const hosted = {
      ...config,
      srciEnv: { ...config.srciEnv, hostedCheckoutScriptSrc: 'https://example.test/hosted.js' },
    };
    expect(sdkScriptUrl(hosted, { iso: 'en_US' }, true)).toMatch(/^https:\/\/example\.test\/hosted\.js\?srcDpaId=/);
    expect(sdkScriptUrl({ ...hosted, srciEnv: { ...hosted.srciEnv, scriptSrc: '' } }, { iso: 'en_US' }, false)).toMatch(
      /^https:\/\/example\.test\/hosted\.js/,
    );
  });

  it('names the network environment of a script URL', () => {
    expect(networkEnvironment('/sandbox/srci/integration/2/lib.js')).toBe('offline-sandbox');
    expect(networkEnvironment('https://sandbox.src.mastercard.com/srci/integration/2/lib.js')).toBe('sandbox');
    expect(networkEnvironment('https://src.mastercard.com/srci/integration/2/lib.js')).toBe('production');
  });
});
