import { isMockTool } from '@c2p/domain';
import { activeTool } from './active-tool';
import { activeUseCase, storeConfiguration } from './click-to-pay/settings';
import { tourStatus, type Experience, type TourKind } from './tour-status';

/** The one-time code the sandbox and the shipped mock SRC files accept. */
export const TEST_OTP = '123456';

/** The test shipping address: the one the tour's hint fills in and the agent gives the shop. */
export const TEST_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Morgan',
  streetAddress1: '200 Park Avenue',
  city: 'New York',
  country: 'US',
  state: 'NY',
  zipCode: '10166',
};
/** An email with no Click to Pay profile, for the new user. */
export const NEW_USER_EMAIL = 'new.user@example.com';
/** The passkey experience's shopper: a profile with a payment passkey on this device (the tour's mock SRC knows it). */
export const PASSKEY_USER_EMAIL = 'passkey.user@example.com';

export interface TestShopper {
  email: string;
  /** The phone as shown to a person; the new user has none. */
  phoneNumberText?: string;
}

/**
 * The shopper an experience plays, from the merchant store configuration's test data (spec
 * section 3): the configured contact, except for the new user, who has no Click to Pay profile, and
 * the passkey experience's own shopper, whom only its mock SRC file knows. The
 * tour's prefills, the order's contact and the test-data notes all take it from here.
 */
export function tourShopper(tour: TourKind, experience: Experience): TestShopper {
  if (tour === 'c2p' && experience === 4) return { email: PASSKEY_USER_EMAIL };
  const contact = storeConfiguration().testDataContactDetails[0];
  if ((tour === 'c2p' && experience === 1) || !contact) return { email: NEW_USER_EMAIL };
  return { email: contact.emailId, phoneNumberText: contact.phoneNumberText };
}

/** The tour running on the mock SRC, if any: its kind and experience. */
export function runningTour(): { tour: TourKind; experience: Experience } | undefined {
  if (!isMockTool(activeTool())) return undefined;
  const status = tourStatus();
  return { tour: status.tour, experience: status.activatedUseCase };
}

/**
 * The test data the payment step suggests: the running tour experience's shopper, else the live
 * tool's use case (MSDT_USECASE) with the configured contact. A catalogue key and its values.
 */
export function paymentTestNote(): { key: string; values: Record<string, string> } {
  const tour = runningTour();
  if (tour?.tour === 'c2p') {
    const shopper = tourShopper('c2p', tour.experience);
    const card = storeConfiguration().testDataCardDetails.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
    return { key: `TOUR.TEST_DATA.NOTE.${tour.experience}`, values: { email: shopper.email, code: TEST_OTP, card } };
  }
  const contact = storeConfiguration().testDataContactDetails[0];
  return {
    key: `CLICK_TO_PAY.TEST_DATA.${activeUseCase()}`,
    values: { email: contact?.emailId ?? NEW_USER_EMAIL, code: TEST_OTP, newEmail: NEW_USER_EMAIL },
  };
}
