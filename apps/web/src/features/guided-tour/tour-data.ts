import { storeConfiguration } from '../../lib/click-to-pay/settings';
import { TEST_OTP, tourShopper } from '../../lib/test-shopper';
import type { Experience, TourKind } from '../../lib/tour-status';
/** The demo shopper's password in the card-on-file tour (the mock signs anyone in). */
export const DEMO_PASSWORD = 'demo-pass-123';

export interface TestDataOption {
  type: 'email' | 'phoneNumber' | 'otp' | 'password' | 'card';
  text: string;
  cardNumber?: string;
  expiryDate?: string;
  securityCode?: string;
}

/** The test data of an experience (spec section 3's test-data options), from the merchant store configuration. */
export function testDataFor(tour: TourKind, experience: Experience): TestDataOption[] {
  const card = storeConfiguration().testDataCardDetails;
  const shopper = tourShopper(tour, experience);
  const options: TestDataOption[] = [{ type: 'email', text: shopper.email }];
  // The passkey experience needs its shopper's email alone: no code, no card to type.
  if (tour === 'c2p' && experience === 4) return options;
  const cardOption: TestDataOption = {
    type: 'card',
    text: card.cardNumber,
    cardNumber: card.cardNumber,
    expiryDate: card.expiryDate,
    securityCode: card.securityCode,
  };
  // The agent tour's shopper links this card to the agent; their passkey is virtual.
  if (tour === 'agent') return [...options, cardOption];
  if (shopper.phoneNumberText) options.push({ type: 'phoneNumber', text: shopper.phoneNumberText });
  if (tour === 'cof') options.push({ type: 'password', text: DEMO_PASSWORD });
  if (tour === 'c2p' && experience === 3) options.push({ type: 'otp', text: TEST_OTP });
  options.push(cardOption);
  return options;
}
