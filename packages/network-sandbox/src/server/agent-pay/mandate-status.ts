// A mandate request's status as the agent and the windows see it: the stored one, or EXPIRED once
// its time to be approved, or its own time, is over.
import type { MandateRow } from './repository.ts';

export type MandateStatus = 'PENDING' | 'APPROVED' | 'DECLINED' | 'EXPIRED';

export function mandateStatusOf(mandate: MandateRow, now = new Date()): MandateStatus {
  if (mandate.status === 'PENDING' && mandate.requestExpiresAt < now) return 'EXPIRED';
  if (mandate.status === 'APPROVED' && mandate.mandateExpiresAt && mandate.mandateExpiresAt < now) return 'EXPIRED';
  return mandate.status;
}
