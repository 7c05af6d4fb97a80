/** Spec section 5 card rules: the brands the shop takes and the card form's checks. */
import { cardBrandOf } from './card-brand.ts';

export type CardBrand = 'amex' | 'visa' | 'mastercard' | 'discover' | 'unknown';

export const SUPPORTED_CARD_BRANDS = ['amex', 'visa', 'mastercard', 'discover'] as const;
export type SupportedCardBrand = (typeof SUPPORTED_CARD_BRANDS)[number];

const M = {
  numberRequired: 'VALIDATION.CARD_NUMBER_REQUIRED',
  numberInvalid: 'VALIDATION.CARD_NUMBER_INVALID',
  unsupported: 'VALIDATION.CARD_UNSUPPORTED',
  expiryRequired: 'VALIDATION.EXPIRY_REQUIRED',
  expiryInvalid: 'VALIDATION.EXPIRY_INVALID',
  securityCodeRequired: 'VALIDATION.SECURITY_CODE_REQUIRED',
  securityCodeInvalid: 'VALIDATION.SECURITY_CODE_INVALID',
} as const;

/** A card number as typed, without the spaces and hyphens people put between groups. */
const compact = (value: string) => value.replace(/[\s-]/g, '');
const digitsOf = (value: string) => value.replace(/\D/g, '');

/** The brand of a card number; only the brands in `enabled` are recognised, any other is 'unknown'. */
export function detectCardBrand(
  number: string,
  enabled: readonly SupportedCardBrand[] = SUPPORTED_CARD_BRANDS,
): CardBrand {
  const brand = cardBrandOf(number);
  return enabled.find((supported) => supported === brand) ?? 'unknown';
}

export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Runs of digits with single spaces or hyphens between them ("4111 1111-1111 1111"); linear. */
const DIGIT_GROUPS = /\d(?:[ -]?\d)*/g;

/**
 * Whether free text (an address line, a city) holds a card number: 12 to 19 digits, written
 * together or in groups split by spaces or hyphens, that pass the Luhn check. Consecutive groups
 * are tried together, so "Apt 4111 1111 1111 1111 12" is found; a single run of more than 19
 * digits is no card number.
 */
export function containsCardNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_GROUPS)) {
    const groups = run.split(/[ -]/);
    for (let first = 0; first < groups.length; first += 1) {
      let digits = '';
      for (let last = first; last < groups.length && digits.length + groups[last]!.length <= 19; last += 1) {
        digits += groups[last];
        if (digits.length >= 12 && isLuhnValid(digits)) return true;
      }
    }
  }
  return false;
}

function hasBrandLength(digits: string, brand: CardBrand): boolean {
  if (brand === 'amex') return digits.length === 15;
  if (brand === 'unknown') return digits.length >= 12 && digits.length <= 19;
  return digits.length === 16;
}

/** The translation key of the card number's problem, or undefined when the card can be used. */
export function cardNumberError(
  value: string,
  enabled: readonly SupportedCardBrand[] = SUPPORTED_CARD_BRANDS,
): string | undefined {
  const digits = compact(value);
  if (digits === '') return M.numberRequired;
  // The length is the network's whether or not the merchant takes it, so that a mistyped card reads
  // as invalid and only a well-formed card of another network as unsupported.
  const network = detectCardBrand(digits);
  if (!/^\d+$/.test(digits) || !hasBrandLength(digits, network) || !isLuhnValid(digits)) return M.numberInvalid;
  if (detectCardBrand(digits, enabled) === 'unknown') return M.unsupported;
  return undefined;
}

/** Cards are good for at most this long; a later date is a typing mistake. */
const MAX_EXPIRY_YEARS_AHEAD = 20;

/** The translation key of the expiry date's problem ('MM/YY'), or undefined when the card has not expired. */
export function expiryError(value: string, now = new Date()): string | undefined {
  const text = value.trim();
  if (text === '') return M.expiryRequired;
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(text);
  if (!match) return M.expiryInvalid;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return M.expiryInvalid;
  const thisYear = now.getFullYear();
  // YY is read as the first year at or after this one that ends in those digits, so the rule holds across a century.
  let year = thisYear - (thisYear % 100) + Number(match[2]);
  if (year < thisYear) year += 100;
  // A card is valid through the last day of its expiry month.
  const monthsAhead = (year - thisYear) * 12 + month - (now.getMonth() + 1);
  if (monthsAhead < 0 || monthsAhead > MAX_EXPIRY_YEARS_AHEAD * 12) return M.expiryInvalid;
  return undefined;
}

/** The translation key of the security code's problem: 4 digits for amex, 3 for every other brand. */
export function securityCodeError(value: string, brand: CardBrand): string | undefined {
  const code = value.trim();
  if (code === '') return M.securityCodeRequired;
  const length = brand === 'amex' ? 4 : 3;
  return new RegExp(`^\\d{${length}}$`).test(code) ? undefined : M.securityCodeInvalid;
}

const AMEX_GROUPS = [4, 6, 5];

/** The digits typed so far in the groups printed on the card: 4-6-5 for amex, fours for the others. */
export function formatCardNumber(value: string): string {
  const digits = digitsOf(value);
  const amex = detectCardBrand(digits) === 'amex';
  const groups: string[] = [];
  let start = 0;
  for (let i = 0; start < digits.length; i++) {
    const size = amex ? (AMEX_GROUPS[i] ?? 4) : 4;
    groups.push(digits.slice(start, start + size));
    start += size;
  }
  return groups.join(' ');
}

export function lastFour(value: string): string {
  return digitsOf(value).slice(-4);
}
