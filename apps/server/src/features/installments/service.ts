// Installments on the merchant's server (issue 14): what the decrypted payload says of the plan,
// kept with the payment, and checked against the order before the order may take the payment.
import type { ChosenPlan } from '@c2p/domain/api';
import { amountToCents, firstInstallmentDate, installmentSchedule, type OrderInstallments } from '@c2p/domain';
import { asObject, type Json } from '../../lib/json-values.ts';

/** The plan as the network's payload carries it (`installmentData`), in whole cents. */
export interface PaidPlan {
  planId: string;
  numberOfInstallments: number;
  installmentCents: number;
  lastInstallmentCents: number;
  totalCents: number;
  currency: string;
  apr: string;
}

/**
 * Reads the payload's `installmentData` (the sandbox's shape: planId, numberOfInstallments,
 * installmentAmount, lastInstallmentAmount?, totalAmount, apr, currency). Null when the payload has
 * none; a malformed one is also null for the plan's fields, and then refused against any order.
 */
export function paidPlanOf(payload: Json): PaidPlan | null | 'MALFORMED' {
  if (payload.installmentData === undefined || payload.installmentData === null) return null;
  const data = asObject(payload.installmentData);
  const planId = typeof data.planId === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(data.planId) ? data.planId : null;
  const count = Number(data.numberOfInstallments);
  const installment = amountToCents(data.installmentAmount);
  const last = data.lastInstallmentAmount === undefined ? installment : amountToCents(data.lastInstallmentAmount);
  const total = amountToCents(data.totalAmount);
  const currency = typeof data.currency === 'string' && /^[A-Z]{3}$/.test(data.currency) ? data.currency : null;
  const apr = typeof data.apr === 'string' && /^[0-9]{1,3}(\.[0-9]{1,2})?$/.test(data.apr) ? data.apr : '0.00';
  if (!planId || !Number.isInteger(count) || count < 1 || count > 120) return 'MALFORMED';
  if (installment === null || last === null || total === null || !currency) return 'MALFORMED';
  return {
    planId,
    numberOfInstallments: count,
    installmentCents: installment,
    lastInstallmentCents: last,
    totalCents: total,
    currency,
    apr,
  };
}

export interface PlanRefusal {
  /** The order request's field (dotted). */
  field: string;
  key: string;
}

/**
 * Why this payment cannot pay this order in these installments, or undefined when the payload's
 * plan is the one the order names, for the order's amount and currency, in whole cents adding up
 * to the total exactly. A payload with a plan and an order without one (or the reverse) is refused.
 */
export function installmentsRefusal(
  paid: PaidPlan | null | 'MALFORMED',
  chosen: ChosenPlan | undefined,
  totalCents: number,
  currency: string,
): PlanRefusal | undefined {
  if (paid === null && chosen === undefined) return undefined;
  if (paid === null) return { field: 'payment.installments', key: 'INSTALLMENTS.API.NOT_IN_PAYLOAD' };
  if (paid === 'MALFORMED') return { field: 'payment.installments', key: 'INSTALLMENTS.API.PAYLOAD_PLAN_INVALID' };
  if (chosen === undefined) return { field: 'payment.installments', key: 'INSTALLMENTS.API.PLAN_MISSING' };
  if (chosen.planId !== paid.planId)
    return { field: 'payment.installments.planId', key: 'INSTALLMENTS.API.PLAN_MISMATCH' };
  if (chosen.numberOfInstallments !== paid.numberOfInstallments)
    return { field: 'payment.installments.numberOfInstallments', key: 'INSTALLMENTS.API.PLAN_MISMATCH' };
  if (paid.currency !== currency) return { field: 'payment.installments', key: 'INSTALLMENTS.API.CURRENCY_MISMATCH' };
  if (paid.totalCents !== totalCents) return { field: 'payment.installments', key: 'INSTALLMENTS.API.AMOUNT_MISMATCH' };
  const schedule = installmentSchedule(totalCents, paid.numberOfInstallments);
  const lastCents = schedule.payments.at(-1)!;
  if (paid.installmentCents !== schedule.regular || paid.lastInstallmentCents !== lastCents)
    return { field: 'payment.installments', key: 'INSTALLMENTS.API.AMOUNT_MISMATCH' };
  return undefined;
}

/** What the order keeps of an accepted plan: its schedule in cents and its first payment date. */
export function orderInstallmentsOf(paid: PaidPlan, now = new Date()): OrderInstallments {
  const { payments, regular } = installmentSchedule(paid.totalCents, paid.numberOfInstallments);
  return {
    planId: paid.planId,
    numberOfInstallments: paid.numberOfInstallments,
    installmentCents: regular,
    scheduleCents: payments,
    apr: paid.apr,
    currency: paid.currency,
    firstPaymentDate: firstInstallmentDate(now).toISOString().slice(0, 10),
  };
}

/** The payload's installment data as stored (capped): a plan too large to be one is kept as malformed. */
export function storableInstallmentData(payload: Json): unknown {
  const data = payload.installmentData;
  if (data === undefined || data === null) return null;
  const text = JSON.stringify(data);
  return text.length > 2048 ? { malformed: true } : data;
}

/** The plan an order may be paid in: refused (with the field and message key), or what the order keeps. */
export function orderPlanCheck(
  installmentData: unknown,
  chosen: ChosenPlan | undefined,
  totalCents: number,
  currency: string,
  now = new Date(),
): { refusal: PlanRefusal } | { refusal?: undefined; installments?: OrderInstallments } {
  const paid = paidPlanOf({ installmentData });
  const refusal = installmentsRefusal(paid, chosen, totalCents, currency);
  if (refusal) return { refusal };
  return paid && paid !== 'MALFORMED' ? { installments: orderInstallmentsOf(paid, now) } : {};
}
