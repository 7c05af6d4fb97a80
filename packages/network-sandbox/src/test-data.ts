// The sandbox's test data, seeded at every start (idempotent) and listed on the /sandbox page.

/** The one-time code every consumer receives. */
export const SANDBOX_OTP = '123456';

export interface SandboxTestCard {
  primaryAccountNumber: string;
  brand: 'mastercard' | 'visa';
  payloadKind: 'PAN' | 'TOKEN';
  descriptorName: string;
  cardType: 'CREDIT' | 'DEBIT';
}

export interface SandboxTestConsumer {
  email: string;
  mobileNumber: { countryCode: string; phoneNumber: string } | null;
  firstName: string;
  lastName: string;
  locked: boolean;
  cards: SandboxTestCard[];
  note: string;
}

export const SANDBOX_CONSUMERS: readonly SandboxTestConsumer[] = [
  {
    email: 'returning.user@example.com',
    mobileNumber: { countryCode: '1', phoneNumber: '2025550143' },
    firstName: 'Jane',
    lastName: 'Doe',
    locked: false,
    note: 'Returning consumer with three cards: a PAN-payload Mastercard, a Visa and a token-payload Mastercard.',
    cards: [
      {
        primaryAccountNumber: '5186001700009726',
        brand: 'mastercard',
        payloadKind: 'PAN',
        descriptorName: 'Mastercard Test Bank',
        cardType: 'CREDIT',
      },
      {
        primaryAccountNumber: '4111111111111111',
        brand: 'visa',
        payloadKind: 'PAN',
        descriptorName: 'Visa Test Bank',
        cardType: 'DEBIT',
      },
      {
        primaryAccountNumber: '5120350100064537',
        brand: 'mastercard',
        payloadKind: 'TOKEN',
        descriptorName: 'Mastercard Token Bank',
        cardType: 'CREDIT',
      },
    ],
  },
  {
    email: 'locked.user@example.com',
    mobileNumber: { countryCode: '1', phoneNumber: '2025550199' },
    firstName: 'Lou',
    lastName: 'Locked',
    locked: true,
    note: 'Locked profile: idLookup and every later call reject with ACCT_INACCESSIBLE.',
    cards: [
      {
        primaryAccountNumber: '5186001700008785',
        brand: 'mastercard',
        payloadKind: 'PAN',
        descriptorName: 'Mastercard Test Bank',
        cardType: 'CREDIT',
      },
    ],
  },
];

/** The new-card numbers by the payload the network answers for them. */
const NEW_CARD_NUMBERS: Record<SandboxTestCard['payloadKind'], string[]> = {
  PAN: ['5186001700008785', '5186001700009908', '5186001700008876', '5186001700001434'],
  TOKEN: ['5120350100064545', '5120350100064552', '5120350100064560', '5120350100064578'],
};

/** Test cards to enter as new cards (checkoutWithNewCard): any future expiry, any 3-digit code. */
export const SANDBOX_NEW_CARDS: readonly { primaryAccountNumber: string; payloadKind: 'PAN' | 'TOKEN' }[] = (
  ['PAN', 'TOKEN'] as const
).flatMap((payloadKind) =>
  NEW_CARD_NUMBERS[payloadKind].map((primaryAccountNumber) => ({ primaryAccountNumber, payloadKind })),
);

/** Seeded cards expire in December three years on, like the shop's test card. */
export function seededExpiry(now = new Date()): { month: string; year: string } {
  return { month: '12', year: String(now.getFullYear() + 3) };
}
