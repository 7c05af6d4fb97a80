import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_CONFIG_VERSION } from '@c2p/domain';
import { CONFIGURATION_VERSION } from './i18n';
import { liveScreenSettings } from './screen-settings';

afterEach(() => window.localStorage.clear());

describe('the configuration screen settings the shopper pages read', () => {
  it('the first page checks the same version the configuration is saved with', () => {
    expect(CONFIGURATION_VERSION).toBe(CHECKOUT_CONFIG_VERSION);
  });

  it('uses a saved configuration of this version, with each value checked', () => {
    window.localStorage.setItem(
      'configurationJson',
      JSON.stringify({
        lastUpdated: CHECKOUT_CONFIG_VERSION,
        customizations: {
          buttonTheme: 'dark',
          language: 'fr-FR',
          popupUrl: 'javascript:alert(1)',
          aggregatorSdkUrl: '/sandbox/sdk/srcsdk.mastercard.js',
          customCssUrl: '/theme.js',
          footerLinks: [
            { type: 'privacy', url: 'https://shop.example.com/privacy' },
            { type: 'other', url: '/x' },
          ],
        },
        developerMode: true,
        transaction: { transactionId: 'tx-1' },
      }),
    );
    const settings = liveScreenSettings();
    expect(settings.customizations).toEqual({
      buttonTheme: 'dark',
      language: 'fr-FR',
      popupUrl: '',
      aggregatorSdkUrl: '/sandbox/sdk/srcsdk.mastercard.js',
      customCssUrl: '',
      footerLinks: [{ type: 'privacy', url: 'https://shop.example.com/privacy' }],
    });
    expect(settings.developerMode).toBe(true);
    expect(settings.transaction).toEqual({ transactionId: 'tx-1' });
  });

  it('ignores a configuration of another version, as the live tool does', () => {
    window.localStorage.setItem(
      'configurationJson',
      JSON.stringify({ lastUpdated: '01/01/2020', developerMode: true, customizations: { buttonTheme: 'dark' } }),
    );
    const settings = liveScreenSettings();
    expect(settings.developerMode).toBe(false);
    expect(settings.customizations.buttonTheme).toBe('light');
  });
});
