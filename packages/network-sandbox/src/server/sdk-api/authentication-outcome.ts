// What the checkout's answer tells the merchant's page of transaction authentication: how the
// shopper confirmed, or why nothing was authenticated (ours: the network fails silently there; the
// merchant's API log shows the reason).
import { authenticationOf, verificationOf } from '../transaction-authentication.ts';
import { authenticationRequested, unauthenticatedReason } from './passkey-views.ts';
import type { CheckoutRow, SessionRow } from './repository.ts';

export function authenticationOutcome(checkout: CheckoutRow, session: SessionRow) {
  if (!authenticationRequested(checkout)) return {};
  const done = authenticationOf(checkout.request);
  if (done) {
    return {
      assuranceData: { verificationData: [verificationOf(done)] },
      authenticationOutcome: { requested: true, method: done.method },
    };
  }
  return { authenticationOutcome: { requested: true, method: null, reason: unauthenticatedReason(session, checkout) } };
}
