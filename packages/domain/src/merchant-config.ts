import type { SupportedCardBrand } from './card.ts';
import type { Locale } from './locales.ts';
import { NETWORK_LEGAL } from './network-links.ts';
import { readStoredObject } from './stored-json.ts';

/**
 * The merchant checkout configuration of spec section 3, kept in local storage under
 * `merchantCheckoutConfiguration` and replaced by these defaults when its `lastUpdated` differs from
 * the built-in version date (spec section 4).
 */
export const CHECKOUT_CONFIG_VERSION = '21/03/2024';

/**
 * The demo merchant's identities at the card network. The sandbox accepts any; against the real
 * network they are the ones issued at onboarding and are set on the configuration screen.
 */
export const DEMO_SRC_CLIENT_ID = '7b5c2a8e-1d3f-4e6a-9b0c-5d4e3f2a1b0c';
export const DEMO_SRC_DPA_ID = `${DEMO_SRC_CLIENT_ID}_dpa1`;

/** The network sandbox on our own origin; the real network's is https://sandbox.src.mastercard.com/... */
export const SANDBOX_SDK_PATH = '/sandbox/srci/integration/2/lib.js';
/** The sandbox's hosted checkout script: the SDK with the network's own card and plan window (issue 14). */
export const SANDBOX_HOSTED_CHECKOUT_PATH = '/sandbox/srci/integration/2/hosted-checkout.js';
export const SANDBOX_UI_KIT_PATH = '/sandbox/srci/integration/components/src-ui-kit';

export type DynamicDataType =
  | 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM'
  | 'CARD_APPLICATION_CRYPTOGRAM_LONG_FORM'
  | 'DYNAMIC_CARD_SECURITY_CODE'
  | 'NONE';
export type BillingPreference = 'FULL' | 'POSTAL_COUNTRY' | 'NONE';
export type CheckoutExperience = 'WITHIN_CHECKOUT' | 'PAYMENT_SETTINGS' | 'NONE';

export interface ComplianceResource {
  acceptedVersion: string;
  latestVersion: string;
  latestVersionUri: string;
}

export interface TransactionAmount {
  transactionAmount: number;
  transactionCurrencyCode: string;
}

export interface DpaTransactionOptions {
  merchantCategoryCode: string;
  merchantCountryCode: string;
  transactionAmount: TransactionAmount;
  confirmPayment: boolean;
  threeDsPreference: 'NONE' | 'ONBEHALF' | 'SELF';
  /** The network's spelling (en_US); it follows the UI locale when the SDK is initialised. */
  dpaLocale: string;
  dpaBillingPreference: BillingPreference;
  consumerEmailAddressRequested: boolean;
  consumerNameRequested: boolean;
  consumerPhoneNumberRequested: boolean;
  /** ISO alpha-2; empty means all. */
  dpaAcceptedBillingCountries: string[];
  dpaAcceptedShippingCountries: string[];
  paymentOptions: { dynamicDataType: DynamicDataType }[];
}

export interface MerchantCheckoutConfiguration {
  srciEnv: {
    scriptSrc: string;
    dpaId: string;
    uiKitCss: string;
    uiKitJs: string;
    hostedCheckoutScriptSrc: string;
  };
  cardBrands: SupportedCardBrand[];
  dpaData: { dpaName: string; acquirerId: string; acquirerBin: string };
  checkoutExperience: CheckoutExperience;
  dpaTransactionOptions: DpaTransactionOptions;
  complianceSettings: { privacy: ComplianceResource; tnc: ComplianceResource; cookie: ComplianceResource };
  lastUpdated: string;
}

const latest = (latestVersionUri: string): ComplianceResource => ({
  acceptedVersion: 'LATEST',
  latestVersion: 'LATEST',
  latestVersionUri,
});

export function defaultCheckoutConfiguration(): MerchantCheckoutConfiguration {
  return {
    srciEnv: {
      scriptSrc: SANDBOX_SDK_PATH,
      dpaId: DEMO_SRC_DPA_ID,
      uiKitCss: `${SANDBOX_UI_KIT_PATH}/src-ui-kit.css`,
      uiKitJs: `${SANDBOX_UI_KIT_PATH}/src-ui-kit.esm.js`,
      // The sandbox has one SDK; a hosted-checkout deployment points this at the network's hosted script.
      hostedCheckoutScriptSrc: SANDBOX_HOSTED_CHECKOUT_PATH,
    },
    // Spec section 9: mastercard alone; the configuration screen enables the others.
    cardBrands: ['mastercard'],
    dpaData: { dpaName: 'Click to Pay Demo', acquirerId: 'SRC3DS', acquirerBin: '545301' },
    checkoutExperience: 'WITHIN_CHECKOUT',
    dpaTransactionOptions: {
      merchantCategoryCode: '0008',
      merchantCountryCode: 'US',
      transactionAmount: { transactionAmount: 100, transactionCurrencyCode: 'USD' },
      confirmPayment: false,
      threeDsPreference: 'NONE',
      dpaLocale: 'en_US',
      dpaBillingPreference: 'FULL',
      consumerEmailAddressRequested: true,
      consumerNameRequested: true,
      consumerPhoneNumberRequested: true,
      dpaAcceptedBillingCountries: [],
      dpaAcceptedShippingCountries: [],
      paymentOptions: [{ dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM' }],
    },
    // Click to Pay's privacy notice covers its cookies too: one page for both.
    complianceSettings: {
      privacy: latest(NETWORK_LEGAL.privacy),
      tnc: latest(NETWORK_LEGAL.terms),
      cookie: latest(NETWORK_LEGAL.privacy),
    },
    lastUpdated: CHECKOUT_CONFIG_VERSION,
  };
}

export type DcfPresentationType = 'actionsheet' | 'modal';
export type WindowRefType = 'iframe' | 'popup';

/** Spec section 3's common settings, kept under `commonSettings`. */
export interface CommonSettings {
  /** How an iframe DCF is shown: sliding up from the bottom, or centred. */
  dcfPresentationType: DcfPresentationType;
  /** Where the DCF runs: an iframe on the page or a popup window. */
  windowRefType: WindowRefType;
  /** Sign in with authenticate(): the network's window (payment passkey, else the code) instead of the shop's code input. */
  consumerAuthenticationModule: boolean;
  requestedRecognitionToken: boolean;
  otpDarkTheme: boolean;
  isAuthPreferenceEnabled: boolean;
  includeAcquirerIdBin: boolean;
  /**
   * Ours (issue 31): each checkout asks for an authenticated payload
   * (`dpaTransactionOptions.authenticationPreferences.payloadRequested = 'AUTHENTICATED'`), so the
   * shopper confirms the payment in the network's window (a payment passkey, else the code).
   */
  requestAuthenticatedPayment: boolean;
}

export function defaultCommonSettings(): CommonSettings {
  return {
    dcfPresentationType: 'actionsheet',
    windowRefType: 'iframe',
    consumerAuthenticationModule: false,
    requestedRecognitionToken: false,
    otpDarkTheme: false,
    isAuthPreferenceEnabled: false,
    includeAcquirerIdBin: false,
    requestAuthenticatedPayment: false,
  };
}

/**
 * The stored configuration when it is of the built-in version, else the defaults (spec section 4).
 * Anything unreadable counts as absent.
 */
export function storedOrDefaultConfiguration(stored: string | null): MerchantCheckoutConfiguration {
  const parsed = readStoredObject<MerchantCheckoutConfiguration>(stored);
  if (parsed?.lastUpdated === CHECKOUT_CONFIG_VERSION && parsed.srciEnv && parsed.dpaTransactionOptions) {
    return { ...defaultCheckoutConfiguration(), ...parsed } as MerchantCheckoutConfiguration;
  }
  return defaultCheckoutConfiguration();
}

export function storedOrDefaultCommonSettings(stored: string | null): CommonSettings {
  return { ...defaultCommonSettings(), ...readStoredObject<CommonSettings>(stored) };
}

/** What `init` receives (spec section 7): dpaLocale follows the UI, checkoutExperience is left out when NONE. */
export function initParams(
  config: MerchantCheckoutConfiguration,
  settings: CommonSettings,
  locale: Pick<Locale, 'iso'>,
): Record<string, unknown> {
  const options: Record<string, unknown> = { ...config.dpaTransactionOptions, dpaLocale: locale.iso };
  if (settings.includeAcquirerIdBin) {
    options.acquirerData = config.cardBrands.map((cardBrand) => ({
      cardBrand,
      acquirerBIN: config.dpaData.acquirerBin,
      acquirerMerchantId: config.dpaData.acquirerId,
    }));
  }
  if (settings.isAuthPreferenceEnabled) options.authenticationPreferences = { payloadRequested: 'AUTHENTICATED' };
  return {
    srcDpaId: config.srciEnv.dpaId,
    cardBrands: config.cardBrands,
    dpaTransactionOptions: options,
    dpaData: { dpaName: config.dpaData.dpaName },
    ...(config.checkoutExperience === 'NONE' ? {} : { checkoutExperience: config.checkoutExperience }),
  };
}

/** The script URL with the DPA id (and locale) in its query; the hosted script when the flag is on or the SDK is unset. */
export function sdkScriptUrl(
  config: MerchantCheckoutConfiguration,
  locale: Pick<Locale, 'iso'>,
  hostedCheckoutEnabled: boolean,
): string {
  const base =
    hostedCheckoutEnabled || !config.srciEnv.scriptSrc
      ? config.srciEnv.hostedCheckoutScriptSrc
      : config.srciEnv.scriptSrc;
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}srcDpaId=${encodeURIComponent(config.srciEnv.dpaId)}&locale=${encodeURIComponent(locale.iso)}`;
}

/** The API log's environment label for a script URL: our own sandbox, the network's sandbox, or production. */
export function networkEnvironment(scriptSrc: string): 'offline-sandbox' | 'sandbox' | 'production' {
  if (scriptSrc.startsWith('/')) return 'offline-sandbox';
  try {
    const host = new URL(scriptSrc).hostname;
    if (/(^|\.)(sandbox|stage)\./.test(host) || host.startsWith('sandbox')) return 'sandbox';
    return 'production';
  } catch {
    return 'offline-sandbox';
  }
}
