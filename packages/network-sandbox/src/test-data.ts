// The sandbox's test data, seeded at every start (idempotent) and listed on the /sandbox page.

import { profileTestCard, testCardExpiryDate, type ProfileTestCard } from '@c2p/domain';

/** The one-time code every consumer receives. */
export const SANDBOX_OTP = '123456';

/**
 * A seeded card. Every card is tokenized: a checkout's payload carries its network token and a
 * cryptogram, or the card number when the merchant's paymentOptions ask for it (see the README).
 */
export type SandboxTestCard = Omit<ProfileTestCard, 'cardNumber'> & { primaryAccountNumber: string };

/** A seeded card as the test data of the demo describes it (one description everywhere, issue 38 item 7). */
function profileCard(cardNumber: string): SandboxTestCard {
  const { brand, descriptorName, cardType } = profileTestCard(cardNumber);
  return { primaryAccountNumber: cardNumber, brand, descriptorName, cardType };
}

export interface SandboxTestConsumer {
  email: string;
  mobileNumber: { countryCode: string; phoneNumber: string } | null;
  firstName: string;
  lastName: string;
  locked: boolean;
  cards: SandboxTestCard[];
  /** What the consumer is for; the /sandbox page explains it in the visitor's language. */
  role: 'returning' | 'locked';
}

export const SANDBOX_CONSUMERS: readonly SandboxTestConsumer[] = [
  {
    email: 'returning.user@example.com',
    mobileNumber: { countryCode: '1', phoneNumber: '2025550143' },
    firstName: 'Jane',
    lastName: 'Doe',
    locked: false,
    role: 'returning',
    cards: ['5186001700009726', '4111111111111111', '5120350100064537'].map(profileCard),
  },
  {
    email: 'locked.user@example.com',
    mobileNumber: { countryCode: '1', phoneNumber: '2025550199' },
    firstName: 'Lou',
    lastName: 'Locked',
    locked: true,
    role: 'locked',
    cards: ['5186001700008785'].map(profileCard),
  },
];

/**
 * Test cards to enter as new cards (checkoutWithNewCard): any future expiry, any 3-digit code. They
 * are the network's published test numbers (its 'PAN payload' and 'token payload' groups); here each
 * is tokenized like any card, and the payload follows the merchant's paymentOptions.
 */
export const SANDBOX_NEW_CARDS: readonly { primaryAccountNumber: string }[] = [
  '5186001700008785',
  '5186001700009908',
  '5186001700008876',
  '5186001700001434',
  '5120350100064545',
  '5120350100064552',
  '5120350100064560',
  '5120350100064578',
].map((primaryAccountNumber) => ({ primaryAccountNumber }));

/** Seeded cards expire in December three years on, like the shop's test card. */
export const seededExpiry = testCardExpiryDate;
