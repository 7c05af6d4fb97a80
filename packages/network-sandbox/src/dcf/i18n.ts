// The DCF page's strings, in the sandbox's three locales (ar_EG reads right to left).

import { LATIN_BRAND_NAMES } from '../ui-kit/brand-names.ts';
import ar from './strings/ar_EG.json' with { type: 'json' };
import en from './strings/en_US.json' with { type: 'json' };
import fr from './strings/fr_FR.json' with { type: 'json' };

/** Keeps an email or a number in its own left-to-right order inside right-to-left text. */
const ltr = (text: string) => `\u2066${text}\u2069`;

export type DcfLocale = 'en_US' | 'fr_FR' | 'ar_EG';

export interface DcfStrings {
  title: string;
  /** The main screen's heading: what the shopper checks before paying. */
  reviewTitle: string;
  merchant: string;
  /** Shown at once after Continue (or Pay), while the network completes the checkout. */
  processing: string;
  payMerchant: (merchant: string) => string;
  card: (brand: string, last4: string) => string;
  expires: (mm: string, yy: string) => string;
  amount: string;
  rememberMe: string;
  enrol: string;
  continue: string;
  confirmTitle: string;
  confirmPay: (amount: string) => string;
  pay: string;
  back: string;
  cancel: string;
  changeCard: string;
  addCard: string;
  notYou: (email: string) => string;
  done: string;
  finished: string;
  failed: string;
  /** The window was not opened by a merchant's checkout (no opener, or not the page that asked). */
  notOpened: string;
  otpTitle: string;
  otpSent: (channel: string) => string;
  otpLabel: string;
  verify: string;
  profileFound: (channel: string) => string;
  /** This browser cannot prove it is the shopper the page recognised: the code, before paying. */
  confirmItsYou: (channel: string) => string;
  skipCode: string;
  installments: (n: number, amount: string) => string;
  lastInstallment: (amount: string) => string;
  /** Payment passkeys (WebAuthn): signing in, confirming a payment, creating one. */
  passkeyTitle: string;
  passkeyText: string;
  usePasskey: string;
  useAnotherMethod: string;
  passkeyFailed: string;
  /** Why no passkey is offered on a page opened by its IP address (WebAuthn takes none). */
  passkeyNeedsHostName: string;
  confirmPaymentText: (amount: string) => string;
  confirmByCode: (channel: string) => string;
  createPasskeyTitle: string;
  createPasskeyText: string;
  createPasskey: string;
  notNow: string;
  passkeyCreated: string;
}

/** A catalogue (strings/*.json): the words, a message's values as {0}, {1}, a count's plural forms as `key_few`. */
export type Catalogue = Record<string, string>;

/** The catalogue's message `key`, its values in place of {0}, {1}… */
export const messageOf =
  (catalogue: Catalogue, key: string) =>
  (...values: string[]) =>
    catalogue[key]!.replace(/\{(\d)\}/g, (_, index: string) => values[Number(index)] ?? '');

/** The window's strings in one locale: a message fills in its values, emails and channels left to right, counts in the locale's digits. */
function stringsOf(catalogue: Catalogue, locale: string): DcfStrings {
  const message = (key: string) => messageOf(catalogue, key);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const plural = (key: string, n: number) => {
    const form = `${key}_${new Intl.PluralRules(locale).select(n)}`;
    return form in catalogue ? form : key;
  };
  return {
    ...(catalogue as unknown as DcfStrings),
    payMerchant: message('payMerchant'),
    card: message('card'),
    expires: message('expires'),
    confirmPay: message('confirmPay'),
    notYou: (email) => message('notYou')(ltr(email)),
    otpSent: message('otpSent'),
    profileFound: (channel) => message('profileFound')(ltr(channel)),
    confirmItsYou: (channel) => message('confirmItsYou')(ltr(channel)),
    installments: (n, amount) => message(plural('installments', n))(count(n), amount),
    lastInstallment: message('lastInstallment'),
    confirmPaymentText: message('confirmPaymentText'),
    confirmByCode: (channel) => message('confirmByCode')(ltr(channel)),
  };
}

export const DCF_STRINGS: Record<DcfLocale, DcfStrings> = {
  en_US: stringsOf(en, 'en-US'),
  fr_FR: stringsOf(fr, 'fr-FR'),
  ar_EG: stringsOf(ar, 'ar-EG'),
};

/** A card brand as the network writes it (the API's ids are lowercase); an unknown one as given. */
export function brandName(brand: string): string {
  const names: Record<string, string> = LATIN_BRAND_NAMES;
  return names[brand.toLowerCase()] ?? brand;
}

export function resolveDcfLocale(value: string | null | undefined): DcfLocale {
  const normal = String(value ?? '').replace('-', '_');
  if (normal in DCF_STRINGS) return normal as DcfLocale;
  const language = normal.slice(0, 2).toLowerCase();
  return language === 'fr' ? 'fr_FR' : language === 'ar' ? 'ar_EG' : 'en_US';
}

export function directionOf(locale: DcfLocale): 'ltr' | 'rtl' {
  return locale === 'ar_EG' ? 'rtl' : 'ltr';
}

export function bcp47(locale: DcfLocale): string {
  return locale.replace('_', '-');
}
