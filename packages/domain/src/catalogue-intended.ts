/**
 * Catalogue values that read the same in French or Arabic as in English on purpose: brand and
 * product names, and words French spells as English does. The catalogue-quality test flags any
 * other value left as in English (an untranslated string). Add a key here only with a reason.
 */
export const INTENDED_AS_IN_ENGLISH: ReadonlySet<string> = new Set<string>([
  // A title and its name joined by a colon: Arabic writes the colon as English does.
  'POLISH.TITLED',
  // Brand and product names (the spec's page title and top-bar label, the network's product).
  'APP.TITLE',
  'APP.CHECKOUT_SERVICES',
  'CHECKOUT.PAYMENT.METHOD_CLICK_TO_PAY',
  'CLICK_TO_PAY.DCF_TITLE',
  'CARD_BRANDS.amex',
  'CARD_BRANDS.visa',
  'CARD_BRANDS.mastercard',
  'CARD_BRANDS.discover',
  // The expiry field is left to right with Latin digits in every locale; its pattern says so.
  'CHECKOUT.PAYMENT.EXPIRY_PLACEHOLDER',
  // French words spelt as in English.
  'ACCOUNT.ORDERS.DATE',
  'ACCOUNT.ORDERS.TOTAL',
  'SHOP.SUMMARY.TOTAL',
  'API_LOG.CONFIGURATION',
  'API_LOG.ENV.PRODUCTION',
  'FOOTER.DOCUMENTATION',
  'FOOTER.VERSION',
  'HOME.CONFIGURATION.TITLE',
  'PAGES.CONFIGURATION',
  'COMPONENTS.STEPS.confirmation',
  'AGENTIC.ORDER.AGENT',
  'AGENTIC.CHECK.signature',
  'COMPONENTS.CODE_TITLE',
  'INSTALLMENTS.PLANS.TOTAL',
  'CONFIG_SCREEN.ENVIRONMENTS.production',
  // Brand names, the 3-D Secure method's name and the network's field name (DPA Id) as integrators see them.
  'COMPONENTS.BRANDS.amex',
  'COMPONENTS.BRANDS.visa',
  'COMPONENTS.BRANDS.mastercard',
  'COMPONENTS.BRANDS.discover',
  'CONFIG_SCREEN.OPTIONS.3DS',
  'CONFIG_SCREEN.FIELDS.DPA_ID.LABEL',
  // A masked example card ("Mastercard •••• 4444") reads the same everywhere.
  'INSTALLMENTS.LANDER.EXAMPLE_CARD',
  // A status code and a duration in milliseconds read the same in French.
  'API_LOG.HTTP_STATUS',
  'API_LOG.DURATION',
  // Each language is named in its own language in the language choice.
  'CONFIG_SCREEN.OPTIONS.en-US',
  'CONFIG_SCREEN.OPTIONS.fr-FR',
  'CONFIG_SCREEN.OPTIONS.ar-EG',
]);
