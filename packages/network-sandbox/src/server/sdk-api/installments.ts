// Installments (reference section 3.11, shapes ours): the offer and isInstallmentsEligible.
import { amountToCents, installmentPlans, installmentsEligible, type InstallmentPlan } from '@c2p/domain';
import type { FastifyInstance } from 'fastify';
import { asObject, type Json } from '../util.ts';
import type { SessionRow } from './repository.ts';
import { PAGE_OR_HOSTED_WINDOW } from '../route-callers.ts';
import { callerOf } from './windows.ts';

export type { InstallmentPlan } from '@c2p/domain';

/**
 * Installments (reference section 3.11, shapes ours): eligible when the amount is at least 50 and
 * the merchant category is not `CATT`; plans of 3, 6 and 12 monthly payments, interest free, in
 * whole cents that add up to the total (the domain's schedule: the last payment takes the remainder).
 */
export function installmentOffer(options: Json, session?: SessionRow): { eligible: boolean; plans: InstallmentPlan[] } {
  const fallback = asObject(session?.init.dpaTransactionOptions);
  const amountObject = asObject(options.transactionAmount ?? fallback.transactionAmount);
  const cents = amountToCents(amountObject.transactionAmount);
  const currency = String(amountObject.transactionCurrencyCode ?? 'USD');
  const mcc = String(options.merchantCategoryCode ?? fallback.merchantCategoryCode ?? '0000');
  if (cents === null || !installmentsEligible(cents, mcc)) return { eligible: false, plans: [] };
  return { eligible: true, plans: installmentPlans(cents, currency) };
}

export function installmentsRoutes(app: FastifyInstance): void {
  app.post('/api/installments/eligibility', PAGE_OR_HOSTED_WINDOW, async (request) => {
    const { session } = callerOf(request);
    return installmentOffer(asObject(request.body), session);
  });
}
