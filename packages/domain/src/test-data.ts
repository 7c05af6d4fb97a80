import type { SupportedCardBrand } from './card.ts';

/**
 * The sandbox's test data (spec section 9): cards that check out with SUCCESS and the returning
 * user's contact. The network tokenizes every card: what a payload carries (the token and a
 * cryptogram, or the card number) is the merchant's paymentOptions' choice, not the card's.
 */
export interface TestCard {
  cardNumber: string;
  brand: SupportedCardBrand;
  status: 'SUCCESS';
}

const mastercard = (cardNumber: string): TestCard => ({ cardNumber, brand: 'mastercard', status: 'SUCCESS' });

/** The network's published Mastercard test numbers. */
export const TEST_CARDS: readonly TestCard[] = [
  '5186001700008785',
  '5186001700009726',
  '5186001700009908',
  '5186001700008876',
  '5186001700001434',
  '5120350100064537',
  '5120350100064545',
  '5120350100064552',
  '5120350100064560',
  '5120350100064578',
].map(mastercard);

/** Any 3-digit code works for the test cards; this is the one the demo fills in. */
export const TEST_SECURITY_CODE = '123';

/**
 * The test cards take any future expiry. The spec's 11/25 has passed, so the demo fills in December
 * three years on, which never expires however long the demo runs; the sandbox's profiles' cards
 * expire then too.
 */
export function testCardExpiryDate(now = new Date()): { month: string; year: string } {
  return { month: '12', year: String(now.getFullYear() + 3) };
}

/** The test cards' expiry as typed: MM/YY. */
export function testCardExpiry(now = new Date()): string {
  const { month, year } = testCardExpiryDate(now);
  return `${month}/${year.slice(-2)}`;
}

/** How a card of a test profile reads wherever it shows: its brand, its issuer's name for it, its type. */
export interface ProfileTestCard {
  cardNumber: string;
  brand: 'mastercard' | 'visa';
  descriptorName: string;
  cardType: 'CREDIT' | 'DEBIT';
}

/**
 * The cards of the test profiles, one description each (issue 38 item 7): the sandbox seeds its
 * consumers' cards from it and the tour's mock SRC files show the same cards the same way.
 */
export const PROFILE_TEST_CARDS: readonly ProfileTestCard[] = [
  { cardNumber: '5186001700009726', brand: 'mastercard', descriptorName: 'Mastercard Test Bank', cardType: 'CREDIT' },
  { cardNumber: '4111111111111111', brand: 'visa', descriptorName: 'Visa Test Bank', cardType: 'DEBIT' },
  { cardNumber: '5120350100064537', brand: 'mastercard', descriptorName: 'Mastercard Token Bank', cardType: 'CREDIT' },
  { cardNumber: '5186001700008785', brand: 'mastercard', descriptorName: 'Mastercard Test Bank', cardType: 'CREDIT' },
];

/** A test profile's card by its number. */
export function profileTestCard(cardNumber: string): ProfileTestCard {
  const card = PROFILE_TEST_CARDS.find((candidate) => candidate.cardNumber === cardNumber);
  if (!card) throw new Error(`${cardNumber} is not a card of a test profile`);
  return card;
}

/** The first test card's summary as the payment step stores it (never a card number). */
export function testCardPayment(now = new Date()) {
  return { method: 'card', brand: 'mastercard', lastFour: '8785', expiry: testCardExpiry(now) } as const;
}

export const DEFAULT_PHONE_COUNTRY_CODE = '+1';

export interface TestContact {
  email: string;
  phoneCountryCode: string;
  phoneNumber: string;
  /** The card schemes the contact is enrolled with. */
  schemes: Partial<Record<SupportedCardBrand, boolean>>;
}

export const TEST_CONTACT: TestContact = {
  email: 'returning.user@example.com',
  phoneCountryCode: DEFAULT_PHONE_COUNTRY_CODE,
  phoneNumber: '2025550143',
  schemes: { mastercard: true },
};

/** The shopper the tests and benchmarks check out as (a guest), as the shipping form takes it. */
export const TEST_SHOPPER_SHIPPING = {
  address: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    streetAddress1: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    country: 'US',
    zipCode: '62701',
  },
  saveAsBillingAddress: true,
  contact: { type: 'email', email: 'ada@example.com' },
} as const;

type TransactionAmount = { transactionAmount: number; transactionCurrencyCode: string };

/**
 * The init a test or a benchmark sends the network's SDK for a DPA of its own: its name, en_US,
 * Mastercard and Visa, an order of `amount` (USD when a number; none when not given), and any other
 * transaction options.
 */
export function sdkTestInit(
  srcDpaId: string,
  dpaName: string,
  {
    amount,
    locale = 'en_US',
    cardBrands = ['mastercard', 'visa'],
    ...options
  }: { amount?: number | TransactionAmount; locale?: string; cardBrands?: string[] } & Record<string, unknown> = {},
) {
  const transactionAmount =
    typeof amount === 'number' ? { transactionAmount: amount, transactionCurrencyCode: 'USD' } : amount;
  return {
    srcDpaId,
    dpaData: { dpaName },
    dpaTransactionOptions: { dpaLocale: locale, ...(transactionAmount ? { transactionAmount } : {}), ...options },
    cardBrands,
  };
}
