import { storeConfiguration } from '../../lib/click-to-pay/settings';
import type { Experience, TourKind } from '../../lib/tour-status';

/** The one-time code the shipped mock SRC files accept. */
export const MOCK_OTP = '123456';
/** An email with no Click to Pay profile, for the new user. */
export const NEW_USER_EMAIL = 'new.user@example.com';
/** The demo shopper's password in the card-on-file tour (the mock signs anyone in). */
export const DEMO_PASSWORD = 'demo-pass-123';

/** The shipping address the hint fills in. */
export const DEMO_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Morgan',
  streetAddress1: '200 Park Avenue',
  city: 'New York',
  country: 'US',
  state: 'NY',
  zipCode: '10166',
};

export interface TestDataOption {
  type: 'email' | 'phoneNumber' | 'otp' | 'password' | 'card';
  text: string;
  cardNumber?: string;
  expiryDate?: string;
  securityCode?: string;
}

/** The test data of an experience (spec section 3's test-data options), from the merchant store configuration. */
export function testDataFor(tour: TourKind, experience: Experience): TestDataOption[] {
  const config = storeConfiguration();
  const contact = config.testDataContactDetails[0];
  const card = config.testDataCardDetails;
  const email = tour === 'c2p' && experience === 1 ? NEW_USER_EMAIL : (contact?.emailId ?? NEW_USER_EMAIL);
  const options: TestDataOption[] = [{ type: 'email', text: email }];
  if (contact && !(tour === 'c2p' && experience === 1)) {
    options.push({ type: 'phoneNumber', text: contact.phoneNumberText });
  }
  if (tour === 'cof') options.push({ type: 'password', text: DEMO_PASSWORD });
  if (tour === 'c2p' && experience === 3) options.push({ type: 'otp', text: MOCK_OTP });
  options.push({
    type: 'card',
    text: card.cardNumber,
    cardNumber: card.cardNumber,
    expiryDate: card.expiryDate,
    securityCode: card.securityCode,
  });
  return options;
}
