import { z } from 'zod';
import { detectCardBrand, expiryError, isLuhnValid, SUPPORTED_CARD_BRANDS, type SupportedCardBrand } from './card.ts';
import { isEmailAddress } from './forms.ts';
import {
  CHECKOUT_CONFIG_VERSION,
  defaultCheckoutConfiguration,
  defaultCommonSettings,
  SANDBOX_HOSTED_CHECKOUT_PATH,
  SANDBOX_SDK_PATH,
  SANDBOX_UI_KIT_PATH,
  type CommonSettings,
  type MerchantCheckoutConfiguration,
} from './merchant-config.ts';
import {
  defaultDocumentationLinks,
  defaultStoreConfiguration,
  defaultTestCardDetails,
  defaultTestContact,
  DOCUMENTED_COMPONENTS,
  STORE_CONFIG_VERSION,
  type MerchantStoreConfiguration,
  type TestDataContactDetails,
} from './merchant-store-config.ts';
import { storedOfVersionOrDefaults } from './stored-json.ts';

/**
 * The configuration screen's model (spec section 3, "Configuration fields"): the merchant checkout
 * configuration, the merchant store configuration and the common settings, each kept under its own
 * local-storage key, plus the screen's own settings (SRC networks, the transaction settings the
 * checkout configuration does not hold, authentication preferences, customizations, developer
 * mode, environment), kept under `configurationJson` (the shop state's name for it).
 */
export const SCREEN_CONFIG_KEY = 'configurationJson';
export const SCREEN_CONFIG_VERSION = CHECKOUT_CONFIG_VERSION;

export type Environment = 'sandbox' | 'production' | 'host';
export type ButtonTheme = 'light' | 'dark';

export interface SrcNetwork {
  name: string;
  initiatorId: string;
  dpaId: string;
  publicKeysUrl: string;
  publicKeysId: string;
  dynamicDataType: string;
  mockEndpoint: string;
  sdkUrl: string;
  host: string;
}

export interface FooterLink {
  type: 'privacy' | 'tnc' | 'cookie';
  url: string;
}

export interface ScreenConfiguration {
  lastUpdated: string;
  srcNetworks: SrcNetwork[];
  transaction: {
    transactionId: string;
    presentationName: string;
    uri: string;
    currencyDecimals: number;
    merchantCountryCodeNumeric: string;
    dcfPreference: 'inside' | 'outside' | 'none';
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
  };
  authenticationPreferences: {
    payloadRequested: 'AUTHENTICATED' | 'NON_AUTHENTICATED';
    methodType: '3DS' | 'NONE';
    suppressChallenge: boolean;
    acquirerId: string;
    acquirerBin: string;
    merchantCategoryCode: string;
    merchantCountryCode: string;
  };
  customizations: {
    popupUrl: string;
    buttonTheme: ButtonTheme;
    aggregatorSdkUrl: string;
    language: string;
    footerLinks: FooterLink[];
    customCssUrl: string;
  };
  developerMode: boolean;
  environment: Environment;
  /** The custom host's origin, used when `environment` is host. */
  hostUrl: string;
}

/** The whole configuration as the JSON view, the export file and the share link carry it. */
export interface ConfigurationBundle {
  checkout: MerchantCheckoutConfiguration;
  store: MerchantStoreConfiguration;
  settings: CommonSettings;
  screen: ScreenConfiguration;
}

/** The card network's own hosts (production); the sandbox is ours, on this origin. */
export const PRODUCTION_HOST = 'https://src.mastercard.com';

export function defaultSrcNetwork(): SrcNetwork {
  return {
    name: 'mastercard',
    initiatorId: '',
    dpaId: defaultCheckoutConfiguration().srciEnv.dpaId,
    publicKeysUrl: '/sandbox/keys',
    publicKeysId: 'sandbox-encryption-key',
    dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
    mockEndpoint: '/api/mock-src-files',
    sdkUrl: SANDBOX_SDK_PATH,
    host: '',
  };
}

export function defaultScreenConfiguration(): ScreenConfiguration {
  const checkout = defaultCheckoutConfiguration();
  return {
    lastUpdated: SCREEN_CONFIG_VERSION,
    srcNetworks: [defaultSrcNetwork()],
    transaction: {
      transactionId: '',
      // Empty: the network's windows show the DPA name.
      presentationName: '',
      uri: '',
      currencyDecimals: 2,
      merchantCountryCodeNumeric: '840',
      dcfPreference: 'inside',
      orderId: '',
      requestorId: '',
      acquirerMerchantId: checkout.dpaData.acquirerId,
      payloadTypeIndicator: 'payload',
      recipientKeyId: '',
      dpaPanRequested: false,
      serviceId: '',
      tokenRequestData: '',
      networkSpecificInputData: '',
      guestCheckout: true,
    },
    authenticationPreferences: {
      payloadRequested: 'AUTHENTICATED',
      methodType: '3DS',
      suppressChallenge: false,
      acquirerId: checkout.dpaData.acquirerId,
      acquirerBin: checkout.dpaData.acquirerBin,
      merchantCategoryCode: checkout.dpaTransactionOptions.merchantCategoryCode,
      merchantCountryCode: checkout.dpaTransactionOptions.merchantCountryCode,
    },
    customizations: {
      popupUrl: '',
      buttonTheme: 'light',
      aggregatorSdkUrl: '',
      language: 'en-US',
      footerLinks: [
        { type: 'privacy', url: checkout.complianceSettings.privacy.latestVersionUri },
        { type: 'tnc', url: checkout.complianceSettings.tnc.latestVersionUri },
      ],
      customCssUrl: '',
    },
    developerMode: false,
    environment: 'sandbox',
    hostUrl: '',
  };
}

export function defaultConfigurationBundle(now = new Date()): ConfigurationBundle {
  return {
    checkout: defaultCheckoutConfiguration(),
    store: defaultStoreConfiguration(now),
    settings: defaultCommonSettings(),
    screen: defaultScreenConfiguration(),
  };
}

/** The screen settings stored, when of this version; else the defaults (as the other two configurations). */
export function storedOrDefaultScreenConfiguration(stored: string | null): ScreenConfiguration {
  return storedOfVersionOrDefaults(stored, defaultScreenConfiguration(), [
    'transaction',
    'authenticationPreferences',
    'customizations',
  ]);
}

// ---- Environment ---------------------------------------------------------------------------

/** The `srciEnv` an environment implies: the built-in sandbox, the network's production, or a custom host. */
export function srciEnvFor(
  environment: Environment,
  dpaId: string,
  hostUrl = '',
): MerchantCheckoutConfiguration['srciEnv'] {
  const base =
    environment === 'sandbox' ? '' : environment === 'production' ? PRODUCTION_HOST : hostUrl.replace(/\/+$/, '');
  const sdk = `${base}${SANDBOX_SDK_PATH.replace('/sandbox', '')}`;
  const kit = `${base}${SANDBOX_UI_KIT_PATH.replace('/sandbox', '')}`;
  if (environment === 'sandbox') {
    return {
      scriptSrc: SANDBOX_SDK_PATH,
      dpaId,
      uiKitCss: `${SANDBOX_UI_KIT_PATH}/src-ui-kit.css`,
      uiKitJs: `${SANDBOX_UI_KIT_PATH}/src-ui-kit.esm.js`,
      hostedCheckoutScriptSrc: SANDBOX_HOSTED_CHECKOUT_PATH,
    };
  }
  return {
    scriptSrc: sdk,
    dpaId,
    uiKitCss: `${kit}/src-ui-kit.css`,
    uiKitJs: `${kit}/src-ui-kit.esm.js`,
    hostedCheckoutScriptSrc: `${base}/srci/integration/merchant.js`,
  };
}

/** Switching the environment fills `srciEnv` (and the first network's SDK URL and host) consistently. */
export function withEnvironment(
  bundle: ConfigurationBundle,
  environment: Environment,
  hostUrl = bundle.screen.hostUrl,
): ConfigurationBundle {
  const srciEnv = srciEnvFor(environment, bundle.checkout.srciEnv.dpaId, hostUrl);
  const [first, ...rest] = bundle.screen.srcNetworks;
  const host = environment === 'sandbox' ? '' : environment === 'production' ? PRODUCTION_HOST : hostUrl;
  return {
    ...bundle,
    checkout: { ...bundle.checkout, srciEnv },
    screen: {
      ...bundle.screen,
      environment,
      hostUrl: environment === 'host' ? hostUrl : '',
      srcNetworks: first ? [{ ...first, sdkUrl: srciEnv.scriptSrc, host }, ...rest] : [],
    },
  };
}

/**
 * The presentation name follows the DPA name while it only repeats it (issue 38 item 9): an edit
 * that renames the DPA empties a presentation name equal to the old DPA name, so that the network's
 * windows show the new one, as the fields' help says.
 */
export function withPresentationNameFollowing(
  before: ConfigurationBundle,
  after: ConfigurationBundle,
): ConfigurationBundle {
  const old = before.checkout.dpaData.dpaName.trim();
  const { transaction } = after.screen;
  if (after.checkout.dpaData.dpaName.trim() === old || transaction.presentationName.trim() !== old) return after;
  return { ...after, screen: { ...after.screen, transaction: { ...transaction, presentationName: '' } } };
}

// ---- Test contacts -------------------------------------------------------------------------

export const PHONE_PATTERN = /^\d{6,15}$/;
export const COUNTRY_CODE_PATTERN = /^\+\d{1,4}$/;

const digits = (value: string) => value.replace(/[\s\-().]/g, '');

export function isValidTestPhone(phone: string): boolean {
  return PHONE_PATTERN.test(digits(phone));
}

export function hasScheme(contact: Pick<TestDataContactDetails, 'schemes'>): boolean {
  return Object.values(contact.schemes ?? {}).some(Boolean);
}

/**
 * Spec section 5: adding a test contact needs an email, at least one scheme and a phone; a valid
 * contact whose email or phone (exact match) is already listed is refused. Returns the new list, or
 * the reason (a translation key) it was refused.
 */
export function addTestContact(
  contacts: readonly TestDataContactDetails[],
  contact: TestDataContactDetails,
): { ok: true; contacts: TestDataContactDetails[] } | { ok: false; error: string } {
  if (!isEmailAddress(contact.emailId)) return { ok: false, error: M.contactEmail };
  if (!hasScheme(contact)) return { ok: false, error: M.contactScheme };
  if (!isValidTestPhone(contact.phoneNumber)) return { ok: false, error: M.contactPhone };
  if (contacts.some((c) => c.emailId === contact.emailId)) return { ok: false, error: M.contactDuplicateEmail };
  if (contacts.some((c) => c.phoneNumber === contact.phoneNumber)) return { ok: false, error: M.contactDuplicatePhone };
  return { ok: true, contacts: [...contacts, contact] };
}

/**
 * Removes the contact whose email or phone is `emailOrPhone` (exact match). Deleting an absent one
 * changes nothing and answers false (spec section 5).
 */
export function deleteTestContact(contacts: TestDataContactDetails[], emailOrPhone: string): boolean {
  const index = contacts.findIndex((c) => c.emailId === emailOrPhone || c.phoneNumber === emailOrPhone);
  if (index < 0) return false;
  contacts.splice(index, 1);
  return true;
}

// ---- Validation ------------------------------------------------------------------------------

/** Translation keys of the configuration screen's messages (namespace CONFIG_SCREEN). */
export const M = {
  required: 'CONFIG_SCREEN.ERRORS.REQUIRED',
  url: 'CONFIG_SCREEN.ERRORS.URL',
  cssUrl: 'CONFIG_SCREEN.ERRORS.CSS_URL',
  sdkUrl: 'CONFIG_SCREEN.ERRORS.SDK_URL_EMPTY',
  networkField: 'CONFIG_SCREEN.ERRORS.NETWORK_FIELD_EMPTY',
  codeLink: 'CONFIG_SCREEN.ERRORS.CODE_LINK',
  documentationLink: 'CONFIG_SCREEN.ERRORS.DOCUMENTATION_LINK',
  cardNumber: 'CONFIG_SCREEN.ERRORS.TEST_CARD_NUMBER',
  cardExpiry: 'CONFIG_SCREEN.ERRORS.TEST_CARD_EXPIRY',
  cardSecurityCode: 'CONFIG_SCREEN.ERRORS.TEST_CARD_SECURITY_CODE',
  contactEmail: 'CONFIG_SCREEN.ERRORS.CONTACT_EMAIL',
  contactScheme: 'CONFIG_SCREEN.ERRORS.CONTACT_SCHEME',
  contactPhone: 'CONFIG_SCREEN.ERRORS.CONTACT_PHONE',
  contactDuplicateEmail: 'CONFIG_SCREEN.ERRORS.CONTACT_DUPLICATE_EMAIL',
  contactDuplicatePhone: 'CONFIG_SCREEN.ERRORS.CONTACT_DUPLICATE_PHONE',
  contactsEmpty: 'CONFIG_SCREEN.ERRORS.CONTACTS_EMPTY',
  brandsEmpty: 'CONFIG_SCREEN.ERRORS.BRANDS_EMPTY',
  amount: 'CONFIG_SCREEN.ERRORS.AMOUNT',
  currency: 'CONFIG_SCREEN.ERRORS.CURRENCY',
  countryList: 'CONFIG_SCREEN.ERRORS.COUNTRY_LIST',
  merchantCategoryCode: 'CONFIG_SCREEN.ERRORS.MERCHANT_CATEGORY_CODE',
  countryCode: 'CONFIG_SCREEN.ERRORS.COUNTRY_CODE',
  numericCountryCode: 'CONFIG_SCREEN.ERRORS.NUMERIC_COUNTRY_CODE',
  orderId: 'CONFIG_SCREEN.ERRORS.ORDER_ID',
  shape: 'CONFIG_SCREEN.ERRORS.SHAPE',
} as const;

/** One problem: the field (a dotted path into the bundle), a translation key and its parameters. */
export interface ConfigIssue {
  path: string;
  message: string;
  params?: Record<string, string>;
}

/** An absolute http(s) URL, or a path on this origin (the sandbox lives here). */
export function isLinkUrl(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return !/\s/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(value);
  } catch {
    return false;
  }
}

export function isCssUrl(value: string): boolean {
  if (!isLinkUrl(value)) return false;
  const path = value.split(/[?#]/)[0] ?? '';
  return path.toLowerCase().endsWith('.css');
}

const BRAND_NAMES: Record<SupportedCardBrand | 'unknown', string> = {
  amex: 'American Express',
  visa: 'Visa',
  mastercard: 'Mastercard',
  discover: 'Discover',
  unknown: 'unknown',
};

function brandLength(brand: SupportedCardBrand | 'unknown', length: number): boolean {
  if (brand === 'amex') return length === 15;
  if (brand === 'unknown') return false;
  return length === 16;
}

const ISO_ALPHA2 = /^[A-Z]{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The shape the JSON view and an imported file must have before the field rules run. */
/** Fields that all take the same schema, in the order named. */
function fieldsOf<const K extends string, T extends z.ZodType>(schema: T, names: readonly K[]): Record<K, T> {
  return Object.fromEntries(names.map((name) => [name, schema])) as Record<K, T>;
}

/** The common settings that are on or off. */
const COMMON_SETTINGS_SWITCHES = [
  'consumerAuthenticationModule',
  'requestedRecognitionToken',
  'otpDarkTheme',
  'isAuthPreferenceEnabled',
  'includeAcquirerIdBin',
] as const;

export const configurationBundleShape = z.object({
  checkout: z.object({
    srciEnv: z.object({
      scriptSrc: z.string(),
      dpaId: z.string(),
      uiKitCss: z.string(),
      uiKitJs: z.string(),
      hostedCheckoutScriptSrc: z.string(),
    }),
    cardBrands: z.array(z.enum(SUPPORTED_CARD_BRANDS)),
    dpaData: z.object({ dpaName: z.string(), acquirerId: z.string(), acquirerBin: z.string() }),
    checkoutExperience: z.enum(['WITHIN_CHECKOUT', 'PAYMENT_SETTINGS', 'NONE']),
    dpaTransactionOptions: z.object({
      merchantCategoryCode: z.string(),
      merchantCountryCode: z.string(),
      transactionAmount: z.object({ transactionAmount: z.number(), transactionCurrencyCode: z.string() }),
      confirmPayment: z.boolean(),
      threeDsPreference: z.enum(['NONE', 'ONBEHALF', 'SELF']),
      dpaLocale: z.string(),
      dpaBillingPreference: z.enum(['FULL', 'POSTAL_COUNTRY', 'NONE']),
      consumerEmailAddressRequested: z.boolean(),
      consumerNameRequested: z.boolean(),
      consumerPhoneNumberRequested: z.boolean(),
      dpaAcceptedBillingCountries: z.array(z.string()),
      dpaAcceptedShippingCountries: z.array(z.string()),
      paymentOptions: z.array(
        z.object({
          dynamicDataType: z.enum([
            'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
            'CARD_APPLICATION_CRYPTOGRAM_LONG_FORM',
            'DYNAMIC_CARD_SECURITY_CODE',
            'NONE',
          ]),
        }),
      ),
    }),
    complianceSettings: z.record(
      z.enum(['privacy', 'tnc', 'cookie']),
      z.object({ acceptedVersion: z.string(), latestVersion: z.string(), latestVersionUri: z.string() }),
    ),
    lastUpdated: z.literal(CHECKOUT_CONFIG_VERSION),
  }),
  store: z.object({
    lastUpdated: z.literal(STORE_CONFIG_VERSION),
    documentationLinks: z.record(
      z.enum(DOCUMENTED_COMPONENTS),
      z.object({ codeLink: z.string(), documentationLink: z.string() }),
    ),
    testDataCardDetails: z.object({
      cardStatus: z.literal('SUCCESS'),
      cardNumber: z.string(),
      expiryDate: z.string(),
      securityCode: z.string(),
    }),
    testDataContactDetails: z.array(
      z.object({
        emailId: z.string(),
        phoneNumber: z.string(),
        phoneNumberText: z.string(),
        phoneCountryCode: z.string(),
        schemes: z.partialRecord(z.enum(SUPPORTED_CARD_BRANDS), z.boolean()),
      }),
    ),
  }),
  settings: z.object({
    dcfPresentationType: z.enum(['actionsheet', 'modal']),
    windowRefType: z.enum(['iframe', 'popup']),
    ...fieldsOf(z.boolean(), COMMON_SETTINGS_SWITCHES),
    // Newer than the spec's switches: a file exported before it had none, and imports as off.
    requestAuthenticatedPayment: z.boolean().default(false),
  }),
  screen: z.object({
    lastUpdated: z.literal(SCREEN_CONFIG_VERSION),
    srcNetworks: z.array(
      z.object({
        name: z.string(),
        initiatorId: z.string(),
        dpaId: z.string(),
        publicKeysUrl: z.string(),
        publicKeysId: z.string(),
        dynamicDataType: z.string(),
        mockEndpoint: z.string(),
        sdkUrl: z.string(),
        host: z.string(),
      }),
    ),
    transaction: z.object({
      transactionId: z.string(),
      presentationName: z.string(),
      uri: z.string(),
      currencyDecimals: z.number().int().min(0).max(4),
      merchantCountryCodeNumeric: z.string(),
      dcfPreference: z.enum(['inside', 'outside', 'none']),
      orderId: z.string(),
      requestorId: z.string(),
      acquirerMerchantId: z.string(),
      payloadTypeIndicator: z.enum(['checkout', 'payload']),
      recipientKeyId: z.string(),
      dpaPanRequested: z.boolean(),
      serviceId: z.string(),
      tokenRequestData: z.string(),
      networkSpecificInputData: z.string(),
      guestCheckout: z.boolean(),
    }),
    authenticationPreferences: z.object({
      payloadRequested: z.enum(['AUTHENTICATED', 'NON_AUTHENTICATED']),
      methodType: z.enum(['3DS', 'NONE']),
      suppressChallenge: z.boolean(),
      acquirerId: z.string(),
      acquirerBin: z.string(),
      merchantCategoryCode: z.string(),
      merchantCountryCode: z.string(),
    }),
    customizations: z.object({
      popupUrl: z.string(),
      buttonTheme: z.enum(['light', 'dark']),
      aggregatorSdkUrl: z.string(),
      language: z.string(),
      footerLinks: z.array(z.object({ type: z.enum(['privacy', 'tnc', 'cookie']), url: z.string() })),
      customCssUrl: z.string(),
    }),
    developerMode: z.boolean(),
    environment: z.enum(['sandbox', 'production', 'host']),
    hostUrl: z.string(),
  }),
});

/** Records one problem; the validators below each check one part of the bundle. */
type AddIssue = (path: string, message: string, params?: Record<string, string>) => void;

function requiredUrl(add: AddIssue, path: string, value: string, emptyMessage: string = M.required) {
  if (value.trim() === '') add(path, emptyMessage);
  else if (!isLinkUrl(value)) add(path, M.url);
}

function optionalUrl(add: AddIssue, path: string, value: string) {
  if (value.trim() !== '' && !isLinkUrl(value)) add(path, M.url);
}

function required(add: AddIssue, path: string, value: string) {
  if (value.trim() === '') add(path, M.required);
}

/** The SDK and UI kit addresses, the DPA and the brands. */
function srciEnvIssues(checkout: MerchantCheckoutConfiguration, add: AddIssue) {
  const env = checkout.srciEnv;
  requiredUrl(add, 'checkout.srciEnv.scriptSrc', env.scriptSrc, M.sdkUrl);
  required(add, 'checkout.srciEnv.dpaId', env.dpaId);
  for (const field of ['uiKitCss', 'uiKitJs', 'hostedCheckoutScriptSrc'] as const) {
    requiredUrl(add, `checkout.srciEnv.${field}`, env[field]);
  }
  if (env.uiKitCss.trim() !== '' && isLinkUrl(env.uiKitCss) && !isCssUrl(env.uiKitCss))
    add('checkout.srciEnv.uiKitCss', M.cssUrl);
  if (checkout.cardBrands.length === 0) add('checkout.cardBrands', M.brandsEmpty);
  required(add, 'checkout.dpaData.dpaName', checkout.dpaData.dpaName);
}

/** The transaction options' codes, amount and country lists, and the compliance links. */
function transactionOptionIssues(checkout: MerchantCheckoutConfiguration, add: AddIssue) {
  const options = checkout.dpaTransactionOptions;
  const at = 'checkout.dpaTransactionOptions';
  if (!/^\d{4}$/.test(options.merchantCategoryCode)) add(`${at}.merchantCategoryCode`, M.merchantCategoryCode);
  if (!ISO_ALPHA2.test(options.merchantCountryCode)) add(`${at}.merchantCountryCode`, M.countryCode);
  const amount = options.transactionAmount.transactionAmount;
  if (!Number.isFinite(amount) || amount <= 0) add(`${at}.transactionAmount.transactionAmount`, M.amount);
  if (!/^[A-Z]{3}$/.test(options.transactionAmount.transactionCurrencyCode))
    add(`${at}.transactionAmount.transactionCurrencyCode`, M.currency);
  for (const list of ['dpaAcceptedBillingCountries', 'dpaAcceptedShippingCountries'] as const) {
    if (!options[list].every((code) => ISO_ALPHA2.test(code))) add(`${at}.${list}`, M.countryList);
  }
  for (const key of ['privacy', 'tnc', 'cookie'] as const) {
    const uri = checkout.complianceSettings[key]?.latestVersionUri ?? '';
    if (!isLinkUrl(uri)) add(`checkout.complianceSettings.${key}.latestVersionUri`, M.url);
  }
}

function documentationLinkIssues(store: MerchantStoreConfiguration, add: AddIssue) {
  for (const component of DOCUMENTED_COMPONENTS) {
    const link = store.documentationLinks[component];
    if (!link || !isLinkUrl(link.codeLink)) add(`store.documentationLinks.${component}.codeLink`, M.codeLink);
    if (!link || !isLinkUrl(link.documentationLink))
      add(`store.documentationLinks.${component}.documentationLink`, M.documentationLink);
  }
}

/** The test card: a number of its brand's length passing Luhn, a future expiry, a code of the brand's length. */
function testCardIssues(card: MerchantStoreConfiguration['testDataCardDetails'], now: Date, add: AddIssue) {
  const number = card.cardNumber.replace(/[\s-]/g, '');
  const brand = detectCardBrand(number);
  const brandName = BRAND_NAMES[brand];
  if (!/^\d+$/.test(number) || !brandLength(brand, number.length) || !isLuhnValid(number))
    add('store.testDataCardDetails.cardNumber', M.cardNumber, { brand: brandName });
  if (expiryError(card.expiryDate, now))
    add('store.testDataCardDetails.expiryDate', M.cardExpiry, { brand: brandName });
  const codeLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${codeLength}}$`).test(card.securityCode.trim()))
    add('store.testDataCardDetails.securityCode', M.cardSecurityCode, { brand: brandName, length: String(codeLength) });
}

/** At least one test contact; each with an email and a phone not listed before it, a country code and a scheme. */
function testContactIssues(contacts: readonly TestDataContactDetails[], add: AddIssue) {
  if (contacts.length === 0) add('store.testDataContactDetails', M.contactsEmpty);
  const emails = new Set<string>();
  const phones = new Set<string>();
  contacts.forEach((contact, index) => {
    const at = `store.testDataContactDetails.${index}`;
    if (!isEmailAddress(contact.emailId)) add(`${at}.emailId`, M.contactEmail);
    else if (emails.has(contact.emailId)) add(`${at}.emailId`, M.contactDuplicateEmail);
    emails.add(contact.emailId);
    if (!isValidTestPhone(contact.phoneNumber)) add(`${at}.phoneNumber`, M.contactPhone);
    else if (phones.has(contact.phoneNumber)) add(`${at}.phoneNumber`, M.contactDuplicatePhone);
    phones.add(contact.phoneNumber);
    if (!COUNTRY_CODE_PATTERN.test(contact.phoneCountryCode)) add(`${at}.phoneCountryCode`, M.contactPhone);
    if (!hasScheme(contact)) add(`${at}.schemes`, M.contactScheme);
  });
}

function srcNetworkIssues(networks: readonly SrcNetwork[], add: AddIssue) {
  networks.forEach((network, index) => {
    const at = `screen.srcNetworks.${index}`;
    requiredUrl(add, `${at}.sdkUrl`, network.sdkUrl, M.sdkUrl);
    for (const field of ['name', 'dpaId', 'publicKeysUrl', 'publicKeysId', 'dynamicDataType'] as const) {
      if (network[field].trim() === '') add(`${at}.${field}`, M.networkField);
    }
    optionalUrl(add, `${at}.publicKeysUrl`, network.publicKeysUrl);
    optionalUrl(add, `${at}.mockEndpoint`, network.mockEndpoint);
    optionalUrl(add, `${at}.host`, network.host);
  });
  if (networks.length === 0) add('screen.srcNetworks', M.networkField);
}

/** The screen's transaction settings, customizations and custom host. */
function screenSettingIssues(screen: ScreenConfiguration, add: AddIssue) {
  const tx = screen.transaction;
  optionalUrl(add, 'screen.transaction.uri', tx.uri);
  if (!/^\d{3}$/.test(tx.merchantCountryCodeNumeric))
    add('screen.transaction.merchantCountryCodeNumeric', M.numericCountryCode);
  if (tx.orderId.trim() !== '' && !UUID.test(tx.orderId)) add('screen.transaction.orderId', M.orderId);
  const c = screen.customizations;
  optionalUrl(add, 'screen.customizations.popupUrl', c.popupUrl);
  optionalUrl(add, 'screen.customizations.aggregatorSdkUrl', c.aggregatorSdkUrl);
  if (c.customCssUrl.trim() !== '' && !isCssUrl(c.customCssUrl)) add('screen.customizations.customCssUrl', M.cssUrl);
  c.footerLinks.forEach((link, index) => {
    if (!isLinkUrl(link.url)) add(`screen.customizations.footerLinks.${index}.url`, M.url);
  });
  if (screen.environment === 'host' && !isLinkUrl(screen.hostUrl)) add('screen.hostUrl', M.url);
}

/** The field rules of spec section 5, on a bundle of the right shape. */
export function configurationIssues(bundle: ConfigurationBundle, now = new Date()): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const add: AddIssue = (path, message, params) => issues.push(params ? { path, message, params } : { path, message });
  const { checkout, store, screen } = bundle;
  srciEnvIssues(checkout, add);
  transactionOptionIssues(checkout, add);
  documentationLinkIssues(store, add);
  testCardIssues(store.testDataCardDetails, now, add);
  testContactIssues(store.testDataContactDetails, add);
  srcNetworkIssues(screen.srcNetworks, add);
  screenSettingIssues(screen, add);
  return issues;
}

/** The JSON text's problem: where (1-based line and column) and what, or null when it is well formed. */
export interface JsonProblem {
  line: number;
  column: number;
  message: string;
  hint: string;
}

/** Parses JSON, locating the first problem and suggesting the usual repair. */
export function parseJsonLocated(text: string): { ok: true; value: unknown } | { ok: false; problem: JsonProblem } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(message, text);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { ok: false, problem: { line, column, message, hint: repairHint(text, offset) } };
  }
}

function jsonErrorOffset(message: string, text: string): number {
  const position = /position (\d+)/.exec(message);
  if (position) return Math.min(Number(position[1]), text.length);
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) {
    const lines = text.split('\n');
    const line = Number(lineColumn[1]);
    return lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + Number(lineColumn[2]) - 1;
  }
  return text.length;
}

/** A repair hint key for the character at `offset` (translation keys under CONFIG_SCREEN.JSON_HINTS). */
export function repairHint(text: string, offset: number): string {
  const rest = text.slice(offset).trimStart();
  const before = text.slice(0, offset).trimEnd();
  if (offset >= text.trimEnd().length) return 'CONFIG_SCREEN.JSON_HINTS.UNCLOSED';
  if ((rest.startsWith('}') || rest.startsWith(']')) && before.endsWith(','))
    return 'CONFIG_SCREEN.JSON_HINTS.TRAILING_COMMA';
  if (rest.startsWith("'")) return 'CONFIG_SCREEN.JSON_HINTS.SINGLE_QUOTES';
  if (/^[A-Za-z_$]/.test(rest) && !/^(true|false|null)\b/.test(rest)) {
    return before.endsWith('{') || before.endsWith(',')
      ? 'CONFIG_SCREEN.JSON_HINTS.UNQUOTED_KEY'
      : 'CONFIG_SCREEN.JSON_HINTS.MISSING_COMMA';
  }
  if (rest.startsWith('"') && /["\d\]}el]$/.test(before)) return 'CONFIG_SCREEN.JSON_HINTS.MISSING_COMMA';
  return 'CONFIG_SCREEN.JSON_HINTS.GENERIC';
}

/**
 * Reads a whole configuration (the JSON view, an imported file, a share link): its shape first
 * (each wrong field named), then the field rules. The result is a bundle ready to save, or issues.
 */
export function readConfigurationBundle(
  value: unknown,
  now = new Date(),
): { ok: true; bundle: ConfigurationBundle } | { ok: false; issues: ConfigIssue[] } {
  const shaped = configurationBundleShape.safeParse(value);
  if (!shaped.success) {
    return {
      ok: false,
      issues: shaped.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: M.shape,
        params: { detail: issue.message },
      })),
    };
  }
  const bundle = shaped.data as ConfigurationBundle;
  const issues = configurationIssues(bundle, now);
  return issues.length > 0 ? { ok: false, issues } : { ok: true, bundle };
}

/** Reset (spec section 4): restores the default links, test card and test contact; the rest stays. */
export function resetStoreDefaults(bundle: ConfigurationBundle, now = new Date()): ConfigurationBundle {
  return {
    ...bundle,
    store: {
      ...bundle.store,
      documentationLinks: defaultDocumentationLinks(),
      testDataCardDetails: defaultTestCardDetails(now),
      testDataContactDetails: [defaultTestContact()],
    },
  };
}

// ---- Share link ----------------------------------------------------------------------------

/** The configuration as a URL-safe base64 string (UTF-8), for `/srci/config#config=...`. */
export function encodeBundle(bundle: ConfigurationBundle): string {
  const bytes = new TextEncoder().encode(JSON.stringify(bundle));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function decodeBundle(text: string): unknown {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}
