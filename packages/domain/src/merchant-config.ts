import { SUPPORTED_CARD_BRANDS, type SupportedCardBrand } from './card.ts';
import type { Locale } from './locales.ts';

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
    cardBrands: [...SUPPORTED_CARD_BRANDS],
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
    complianceSettings: {
      privacy: latest('https://www.mastercard.com/global/click-to-pay/country-listing/privacy.html'),
      tnc: latest('https://www.mastercard.com/global/click-to-pay/country-listing/terms.html'),
      cookie: latest('https://www.mastercard.com/global/click-to-pay/en-us/privacy-notice.html'),
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
  consumerAuthenticationModule: boolean;
  requestedRecognitionToken: boolean;
  otpDarkTheme: boolean;
  isAuthPreferenceEnabled: boolean;
  includeAcquirerIdBin: boolean;
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
  };
}

/**
 * The stored configuration when it is of the built-in version, else the defaults (spec section 4).
 * Anything unreadable counts as absent.
 */
export function storedOrDefaultConfiguration(stored: string | null): MerchantCheckoutConfiguration {
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as Partial<MerchantCheckoutConfiguration> | null;
      if (parsed && parsed.lastUpdated === CHECKOUT_CONFIG_VERSION && parsed.srciEnv && parsed.dpaTransactionOptions) {
        return { ...defaultCheckoutConfiguration(), ...parsed } as MerchantCheckoutConfiguration;
      }
    } catch {
      // fall through to the defaults
    }
  }
  return defaultCheckoutConfiguration();
}

export function storedOrDefaultCommonSettings(stored: string | null): CommonSettings {
  if (stored) {
    try {
      const parsed = JSON.parse(stored) as Partial<CommonSettings> | null;
      if (parsed && typeof parsed === 'object') return { ...defaultCommonSettings(), ...parsed };
    } catch {
      // fall through to the defaults
    }
  }
  return defaultCommonSettings();
}

/**
 * What the configuration screen keeps beyond the checkout configuration and the common settings
 * (`configurationJson`), as far as the live tool sends it to the network. Structural, so that the
 * shopper pages need not load the screen's schema; every part is optional (an absent or older
 * stored copy sends nothing more).
 */
export interface LiveScreenOptions {
  srcNetworks?: { initiatorId?: string }[];
  transaction?: Partial<{
    transactionId: string;
    presentationName: string;
    uri: string;
    merchantCountryCodeNumeric: string;
    dcfPreference: string;
    orderId: string;
    requestorId: string;
    acquirerMerchantId: string;
    payloadTypeIndicator: 'checkout' | 'payload';
    recipientKeyId: string;
    dpaPanRequested: boolean;
    serviceId: string;
    tokenRequestData: string;
    networkSpecificInputData: string;
    guestCheckout: boolean;
  }>;
  authenticationPreferences?: Partial<{
    payloadRequested: 'AUTHENTICATED' | 'NON_AUTHENTICATED';
    methodType: '3DS' | 'NONE';
    suppressChallenge: boolean;
    acquirerId: string;
    acquirerBin: string;
    merchantCategoryCode: string;
    merchantCountryCode: string;
  }>;
}

const filled = (value: string | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** The transaction settings the SDK has no field of its own for, in the SRC's extension bag (`customInputData`). */
function customInputData(transaction: NonNullable<LiveScreenOptions['transaction']>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const text = [
    ['requestorId', transaction.requestorId],
    ['serviceId', transaction.serviceId],
    ['recipientKeyId', transaction.recipientKeyId],
    ['tokenRequestData', transaction.tokenRequestData],
    ['networkSpecificInputData', transaction.networkSpecificInputData],
    ['merchantCountryCodeNumeric', transaction.merchantCountryCodeNumeric],
    ['dcfPreference', transaction.dcfPreference],
  ] as const;
  for (const [key, value] of text) if (filled(value)) data[key] = value.trim();
  if (transaction.guestCheckout === false) data.guestCheckout = false;
  return data;
}

/**
 * What `init` receives (spec section 7): dpaLocale follows the UI, checkoutExperience is left out
 * when NONE; with the configuration screen's settings (`screen`), its DPA presentation name and
 * URI, transaction id, order id, payload type, PAN request, acquirer merchant id, authentication
 * preferences and the rest of its transaction settings (decision record 901).
 */
export function initParams(
  config: MerchantCheckoutConfiguration,
  settings: CommonSettings,
  locale: Pick<Locale, 'iso'>,
  screen: LiveScreenOptions = {},
): Record<string, unknown> {
  const transaction = screen.transaction ?? {};
  const options: Record<string, unknown> = { ...config.dpaTransactionOptions, dpaLocale: locale.iso };
  if (transaction.dpaPanRequested === true) {
    options.paymentOptions = config.dpaTransactionOptions.paymentOptions.map((option) => ({
      ...option,
      dpaPanRequested: true,
    }));
  }
  if (filled(transaction.orderId)) options.merchantOrderId = transaction.orderId.trim();
  if (transaction.payloadTypeIndicator === 'checkout') options.payloadTypeIndicatorCheckout = 'FULL';
  if (transaction.payloadTypeIndicator === 'payload') options.payloadTypeIndicatorPayload = 'FULL';
  const custom = customInputData(transaction);
  if (Object.keys(custom).length > 0) options.customInputData = custom;
  if (settings.includeAcquirerIdBin) {
    const acquirerMerchantId = filled(transaction.acquirerMerchantId)
      ? transaction.acquirerMerchantId.trim()
      : config.dpaData.acquirerId;
    options.acquirerData = config.cardBrands.map((cardBrand) => ({
      cardBrand,
      acquirerBIN: config.dpaData.acquirerBin,
      acquirerMerchantId,
    }));
  }
  if (settings.isAuthPreferenceEnabled) {
    const auth = screen.authenticationPreferences ?? {};
    options.authenticationPreferences = {
      payloadRequested: auth.payloadRequested ?? 'AUTHENTICATED',
      ...(auth.methodType === 'NONE'
        ? {}
        : {
            authenticationMethods: [
              {
                authenticationMethodType: '3DS',
                authenticationSubject: 'CARDHOLDER',
                // EMV 3-D Secure challenge indicator: 02 no challenge requested, 01 no preference.
                methodAttributes: { challengeIndicator: auth.suppressChallenge ? '02' : '01' },
              },
            ],
          }),
    };
    // The flat acquirer fields and the merchant's codes the authentication is run with (reference 4.2).
    if (filled(auth.acquirerBin)) options.acquirerBIN = auth.acquirerBin.trim();
    if (filled(auth.acquirerId)) options.acquirerMerchantId = auth.acquirerId.trim();
    if (filled(auth.merchantCategoryCode)) options.merchantCategoryCode = auth.merchantCategoryCode.trim();
    if (filled(auth.merchantCountryCode)) options.merchantCountryCode = auth.merchantCountryCode.trim();
  }
  const initiatorId = screen.srcNetworks?.[0]?.initiatorId;
  return {
    srcDpaId: config.srciEnv.dpaId,
    ...(filled(initiatorId) ? { srcInitiatorId: initiatorId.trim() } : {}),
    ...(filled(transaction.transactionId) ? { srciTransactionId: transaction.transactionId.trim() } : {}),
    cardBrands: config.cardBrands,
    dpaTransactionOptions: options,
    dpaData: {
      dpaName: config.dpaData.dpaName,
      ...(filled(transaction.presentationName) && transaction.presentationName.trim() !== config.dpaData.dpaName
        ? { dpaPresentationName: transaction.presentationName.trim() }
        : {}),
      ...(filled(transaction.uri) ? { dpaUri: transaction.uri.trim() } : {}),
    },
    ...(config.checkoutExperience === 'NONE' ? {} : { checkoutExperience: config.checkoutExperience }),
  };
}

export interface FooterLinkOption {
  type: 'privacy' | 'tnc' | 'cookie';
  url: string;
}

/**
 * The customizations' footer links (legal document type and URL) are the documents the network's
 * windows link: each replaces the compliance setting of its type that the enrolment sends. A link
 * still at the built-in document leaves the compliance setting as configured.
 */
export function withFooterLinks(
  config: MerchantCheckoutConfiguration,
  footerLinks: readonly FooterLinkOption[] | undefined,
): MerchantCheckoutConfiguration {
  if (!footerLinks || footerLinks.length === 0) return config;
  const complianceSettings = { ...config.complianceSettings };
  const builtIn = defaultCheckoutConfiguration().complianceSettings;
  for (const link of footerLinks) {
    if (
      filled(link.url) &&
      link.type in complianceSettings &&
      link.url.trim() !== builtIn[link.type].latestVersionUri
    ) {
      complianceSettings[link.type] = { ...complianceSettings[link.type], latestVersionUri: link.url.trim() };
    }
  }
  return { ...config, complianceSettings };
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
