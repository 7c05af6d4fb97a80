import type { CommonSettings } from '@c2p/domain';
import { runningTour } from '../test-shopper';
import { commonSettings } from './settings';

/**
 * The common settings the payment step runs with: the stored ones, except in the guided tour's
 * passkey experience, which signs in with authenticate() and asks for an authenticated payment
 * whatever the configuration says (it shows both).
 */
export function paymentSettings(): CommonSettings {
  const settings = commonSettings();
  const tour = runningTour();
  if (tour?.tour !== 'c2p' || tour.experience !== 4) return settings;
  return { ...settings, consumerAuthenticationModule: true, requestAuthenticatedPayment: true };
}
