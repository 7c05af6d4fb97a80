/**
 * Which tab holds a field and its CONFIG_SCREEN.FIELDS name, from its path, so that the list of
 * problems shown on save can name each field and take the admin to it.
 */
export type TabId = 'networks' | 'srci' | 'customizations' | 'developer' | 'environment' | 'widget';

export const TAB_IDS: TabId[] = ['networks', 'srci', 'customizations', 'developer', 'environment', 'widget'];

const NAMES: Record<string, string> = {
  'checkout.srciEnv.scriptSrc': 'SCRIPT_SRC',
  'checkout.srciEnv.dpaId': 'DPA_ID',
  'checkout.srciEnv.uiKitJs': 'UI_KIT_JS',
  'checkout.srciEnv.uiKitCss': 'UI_KIT_CSS',
  'checkout.srciEnv.hostedCheckoutScriptSrc': 'HOSTED_SCRIPT_SRC',
  'checkout.cardBrands': 'CARD_BRANDS',
  'screen.srcNetworks': 'NETWORK_NAME',
  'screen.srcNetworks.#.name': 'NETWORK_NAME',
  'screen.srcNetworks.#.initiatorId': 'INITIATOR_ID',
  'screen.srcNetworks.#.dpaId': 'NETWORK_DPA_ID',
  'screen.srcNetworks.#.publicKeysUrl': 'PUBLIC_KEYS_URL',
  'screen.srcNetworks.#.publicKeysId': 'PUBLIC_KEYS_ID',
  'screen.srcNetworks.#.dynamicDataType': 'NETWORK_DYNAMIC_DATA_TYPE',
  'screen.srcNetworks.#.mockEndpoint': 'MOCK_ENDPOINT',
  'screen.srcNetworks.#.sdkUrl': 'NETWORK_SDK_URL',
  'screen.srcNetworks.#.host': 'NETWORK_HOST',
  'checkout.dpaData.dpaName': 'DPA_NAME',
  'checkout.dpaData.acquirerId': 'ACQUIRER_ID',
  'checkout.dpaData.acquirerBin': 'ACQUIRER_BIN',
  'checkout.dpaTransactionOptions.transactionAmount.transactionAmount': 'AMOUNT',
  'checkout.dpaTransactionOptions.transactionAmount.transactionCurrencyCode': 'CURRENCY',
  'checkout.dpaTransactionOptions.merchantCategoryCode': 'MERCHANT_CATEGORY_CODE',
  'checkout.dpaTransactionOptions.merchantCountryCode': 'MERCHANT_COUNTRY_CODE',
  'checkout.dpaTransactionOptions.dpaAcceptedBillingCountries': 'BILLING_COUNTRIES',
  'checkout.dpaTransactionOptions.dpaAcceptedShippingCountries': 'SHIPPING_COUNTRIES',
  'checkout.complianceSettings.privacy.latestVersionUri': 'COMPLIANCE_PRIVACY',
  'checkout.complianceSettings.tnc.latestVersionUri': 'COMPLIANCE_TNC',
  'checkout.complianceSettings.cookie.latestVersionUri': 'COMPLIANCE_COOKIE',
  'screen.transaction.uri': 'DPA_URI',
  'screen.transaction.merchantCountryCodeNumeric': 'MERCHANT_COUNTRY_CODE_NUMERIC',
  'screen.transaction.orderId': 'ORDER_ID',
  'screen.transaction.currencyDecimals': 'CURRENCY_DECIMALS',
  'screen.customizations.customCssUrl': 'CUSTOM_CSS_URL',
  'screen.customizations.popupUrl': 'POPUP_URL',
  'screen.customizations.aggregatorSdkUrl': 'AGGREGATOR_SDK_URL',
  'screen.customizations.footerLinks.#.url': 'FOOTER_LINK_URL',
  'screen.hostUrl': 'HOST_URL',
  'screen.environment': 'ENVIRONMENT',
  'store.documentationLinks.#.codeLink': 'CODE_LINK',
  'store.documentationLinks.#.documentationLink': 'DOCUMENTATION_LINK',
  'store.testDataCardDetails.cardNumber': 'TEST_CARD_NUMBER',
  'store.testDataCardDetails.expiryDate': 'TEST_CARD_EXPIRY',
  'store.testDataCardDetails.securityCode': 'TEST_CARD_SECURITY_CODE',
  'store.testDataContactDetails': 'CONTACTS',
  'store.testDataContactDetails.#.emailId': 'CONTACT_EMAIL',
  'store.testDataContactDetails.#.phoneNumber': 'CONTACT_PHONE',
  'store.testDataContactDetails.#.phoneCountryCode': 'CONTACT_COUNTRY_CODE',
  'store.testDataContactDetails.#.schemes': 'CONTACT_SCHEMES',
};

/** The path with its list positions (numbers, component names) as '#'. */
function pattern(path: string): string {
  return path
    .replace(/\.\d+(?=\.|$)/g, '.#')
    .replace(/^store\.documentationLinks\.[A-Za-z]+/, 'store.documentationLinks.#');
}

export function fieldNameOf(path: string): string | undefined {
  return NAMES[pattern(path)];
}

/** The list position or component a path names, shown after the field's label. */
export function fieldQualifier(path: string): string | undefined {
  const index = /\.(\d+)(?=\.|$)/.exec(path);
  if (index) return String(Number(index[1]) + 1);
  const component = /^store\.documentationLinks\.([A-Za-z]+)/.exec(path);
  return component?.[1];
}

export function tabOf(path: string): TabId {
  if (
    path.startsWith('checkout.srciEnv') ||
    path.startsWith('checkout.cardBrands') ||
    path.startsWith('screen.srcNetworks')
  )
    return 'networks';
  if (path.startsWith('checkout.') || path.startsWith('screen.transaction')) return 'srci';
  if (path.startsWith('screen.customizations')) return 'customizations';
  if (
    path.startsWith('settings') ||
    path.startsWith('screen.authenticationPreferences') ||
    path === 'screen.developerMode'
  )
    return 'developer';
  if (path === 'screen.environment' || path === 'screen.hostUrl') return 'environment';
  if (path.startsWith('store')) return 'widget';
  return 'networks';
}
