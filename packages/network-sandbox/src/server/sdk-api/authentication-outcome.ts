// What the checkout's answer tells the merchant's page of transaction authentication when the
// merchant asked for it: the method that confirmed the payment, or why nothing was authenticated
// (ours, named in the README: the network fails silently there, and only its assurance data says
// what happened; the merchant's API log shows the reason).
import { authenticationOf } from '../transaction-authentication.ts';
import { authenticationRequested, unauthenticatedReason } from './passkey-views.ts';
import type { CheckoutRow, SessionRow } from './repository.ts';

export function authenticationOutcome(checkout: CheckoutRow, session: SessionRow) {
  if (!authenticationRequested(checkout)) return {};
  const done = authenticationOf(checkout.request);
  return {
    authenticationOutcome: done
      ? { requested: true, method: done.method }
      : { requested: true, method: null, reason: unauthenticatedReason(session, checkout) },
  };
}
