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
import { liveInitParams, withFooterLinks } from './live-screen.ts';

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
    expect(storedOrDefaultConfiguration(JSON.stringify(old)).cardBrands).toEqual(['mastercard']);
    expect(storedOrDefaultConfiguration('{not json').lastUpdated).toBe(CHECKOUT_CONFIG_VERSION);
    expect(storedOrDefaultConfiguration(null)).toEqual(defaultCheckoutConfiguration());
    // Spec section 9: mastercard alone until the configuration screen enables others.
    expect(defaultCheckoutConfiguration().cardBrands).toEqual(['mastercard']);
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
      cardBrand: 'mastercard',
      acquirerBIN: '545301',
      acquirerMerchantId: 'SRC3DS',
    });
  });

  it('sends the configuration screen’s transaction settings and authentication preferences in init', () => {
    const config = defaultCheckoutConfiguration();
    const params = liveInitParams(
      config,
      { ...defaultCommonSettings(), includeAcquirerIdBin: true, isAuthPreferenceEnabled: true },
      { iso: 'en_US' },
      {
        srcNetworks: [{ initiatorId: 'initiator-7' }],
        transaction: {
          transactionId: 'tx-42',
          presentationName: 'E2E Presented',
          uri: 'https://shop.example.com',
          orderId: '8b1f2f0e-5a57-4e43-9d1b-6f3e2c1a0b9d',
          acquirerMerchantId: 'ACQ-MERCHANT',
          payloadTypeIndicator: 'checkout',
          dpaPanRequested: true,
          serviceId: 'svc-1',
          requestorId: '',
          guestCheckout: false,
        },
        authenticationPreferences: {
          payloadRequested: 'NON_AUTHENTICATED',
          methodType: '3DS',
          suppressChallenge: true,
          acquirerBin: '222222',
          acquirerId: 'AUTH-ACQ',
          merchantCategoryCode: '5411',
          merchantCountryCode: 'FR',
        },
      },
    );
    expect(params).toMatchObject({
      srcInitiatorId: 'initiator-7',
      srciTransactionId: 'tx-42',
      dpaData: {
        dpaName: 'Click to Pay Demo',
        dpaPresentationName: 'E2E Presented',
        dpaUri: 'https://shop.example.com',
      },
      dpaTransactionOptions: {
        merchantOrderId: '8b1f2f0e-5a57-4e43-9d1b-6f3e2c1a0b9d',
        payloadTypeIndicatorCheckout: 'FULL',
        paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM', dpaPanRequested: true }],
        customInputData: { serviceId: 'svc-1', guestCheckout: false },
        acquirerBIN: '222222',
        acquirerMerchantId: 'AUTH-ACQ',
        merchantCategoryCode: '5411',
        merchantCountryCode: 'FR',
        authenticationPreferences: {
          payloadRequested: 'NON_AUTHENTICATED',
          authenticationMethods: [{ authenticationMethodType: '3DS', methodAttributes: { challengeIndicator: '02' } }],
        },
      },
    });
    const options = params.dpaTransactionOptions as Record<string, unknown>;
    expect(options.customInputData).not.toHaveProperty('requestorId');
    expect((options.acquirerData as { acquirerMerchantId: string }[])[0]!.acquirerMerchantId).toBe('ACQ-MERCHANT');
    // Without the screen's settings init is what the checkout configuration alone says.
    const plain = liveInitParams(config, defaultCommonSettings(), { iso: 'en_US' });
    expect(plain).not.toHaveProperty('srciTransactionId');
    expect(plain.dpaTransactionOptions).not.toHaveProperty('customInputData');
  });

  it('the footer links replace the compliance documents of their type', () => {
    const config = defaultCheckoutConfiguration();
    const linked = withFooterLinks(config, [
      { type: 'privacy', url: 'https://shop.example.com/privacy' },
      { type: 'cookie', url: ' ' },
      { type: 'tnc', url: config.complianceSettings.tnc.latestVersionUri },
    ]);
    expect(
      withFooterLinks(
        {
          ...config,
          complianceSettings: {
            ...config.complianceSettings,
            tnc: { ...config.complianceSettings.tnc, latestVersionUri: 'https://x.example/tnc' },
          },
        },
        [{ type: 'tnc', url: config.complianceSettings.tnc.latestVersionUri }],
      ).complianceSettings.tnc.latestVersionUri,
    ).toBe('https://x.example/tnc');
    expect(linked.complianceSettings.privacy.latestVersionUri).toBe('https://shop.example.com/privacy');
    expect(linked.complianceSettings.cookie).toEqual(config.complianceSettings.cookie);
    expect(withFooterLinks(config, undefined)).toBe(config);
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
