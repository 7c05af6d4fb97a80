import {
  defaultCheckoutConfiguration,
  type CommonSettings,
  type MerchantCheckoutConfiguration,
} from './merchant-config.ts';
import type { ScreenConfiguration } from './configuration-validation.ts';
import type { Locale } from './locales.ts';

/**
 * The live tool's use of the configuration screen's own settings. A module of its own, outside the
 * domain index, so that it loads with the checkout and not with the shopper's first page.
 *
 * What the configuration screen keeps beyond the checkout configuration and the common settings
 * (`configurationJson`), as far as the live tool sends it to the network. The screen's types only
 * (erased on build), so that the shopper pages need not load its schema; every part is optional (an
 * absent or older stored copy sends nothing more).
 */
export interface LiveScreenOptions {
  srcNetworks?: { initiatorId?: string }[];
  transaction?: Partial<ScreenConfiguration['transaction']>;
  authenticationPreferences?: Partial<ScreenConfiguration['authenticationPreferences']>;
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
 * What the live tool's `init` receives (spec section 7, as `initParams`: dpaLocale follows the UI,
 * checkoutExperience is left out when NONE), with the configuration screen's settings (`screen`), its DPA presentation name and
 * URI, transaction id, order id, payload type, PAN request, acquirer merchant id, authentication
 * preferences and the rest of its transaction settings (decision record 018).
 */
export function liveInitParams(
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
