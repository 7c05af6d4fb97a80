// Installments (issue 14): plans and their payment schedules, counted in integer cents so that the
// payments always add up to the total exactly. Pure: used by the network sandbox, the shop's web
// app and its server alike.

/** The sandbox's plans (its README: 3, 6 and 12 monthly payments, interest free). */
export const INSTALLMENT_COUNTS = [3, 6, 12] as const;
/** The smallest amount, in the currency's major unit, a purchase needs to be offered installments. */
export const INSTALLMENTS_MINIMUM_AMOUNT = 50;
/** The merchant category code the sandbox never offers installments for. */
export const INSTALLMENTS_EXCLUDED_MCC = 'CATT';

export type InstallmentPlanId = `PLAN-${number}M`;

/** A plan as the network offers it (the sandbox's shape; the reference has none). Amounts are strings with two decimals. */
export interface InstallmentPlan {
  planId: string;
  numberOfInstallments: number;
  frequency: 'MONTHLY';
  /** The regular payment (every payment but possibly the last). */
  installmentAmount: string;
  /** The last payment, when it differs from the others (the remainder of the division). */
  lastInstallmentAmount?: string;
  totalAmount: string;
  apr: string;
  currency: string;
}

export interface InstallmentSchedule {
  /** Each payment in cents, in order; they add up to the total exactly. */
  payments: number[];
  /** The regular payment in cents. */
  regular: number;
  /** The index (0-based) of the payment that differs from the regular one, or null when all are equal. */
  differs: number | null;
}

/**
 * Splits a total (in cents) into `count` payments of whole cents that add up to it exactly: every
 * payment is the total divided by the count, rounded down, and the last one takes the remainder
 * (66.33, 66.33, 66.34 for 199.00 in three).
 */
export function installmentSchedule(totalCents: number, count: number): InstallmentSchedule {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError('totalCents must be whole cents');
  if (!Number.isSafeInteger(count) || count < 1) throw new RangeError('count must be a whole number from 1');
  const regular = Math.floor(totalCents / count);
  const last = totalCents - regular * (count - 1);
  const payments = Array.from({ length: count }, (_, index) => (index === count - 1 ? last : regular));
  return { payments, regular, differs: last === regular ? null : count - 1 };
}

/** Cents as the network writes amounts: a string with two decimals ("66.33"). */
export function centsToAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An amount from the network ("66.33", 66.33) in whole cents, or null when it is not one. */
export function amountToCents(amount: unknown): number | null {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(2) : '') : String(amount ?? '');
  const match = /^([0-9]{1,12})(?:\.([0-9]{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Whether the network offers installments for this amount and merchant category (the sandbox's rule). */
export function installmentsEligible(totalCents: number, merchantCategoryCode: string): boolean {
  return (
    totalCents >= INSTALLMENTS_MINIMUM_AMOUNT * 100 && merchantCategoryCode.toUpperCase() !== INSTALLMENTS_EXCLUDED_MCC
  );
}

/** The plans offered for a total: one per count, interest free. */
export function installmentPlans(
  totalCents: number,
  currency: string,
  counts: readonly number[] = INSTALLMENT_COUNTS,
): InstallmentPlan[] {
  return counts.map((count) => {
    const { regular, payments, differs } = installmentSchedule(totalCents, count);
    return {
      planId: planIdOf(count),
      numberOfInstallments: count,
      frequency: 'MONTHLY' as const,
      installmentAmount: centsToAmount(regular),
      ...(differs === null ? {} : { lastInstallmentAmount: centsToAmount(payments[differs]!) }),
      totalAmount: centsToAmount(totalCents),
      apr: '0.00',
      currency,
    };
  });
}

/**
 * The plans a network answer names (by planId and count, as a mock SRC file may give them), each
 * with its payments from the schedule above, so that every screen shows amounts that add up.
 */
export function offeredPlans(
  offered: readonly { planId?: unknown; numberOfInstallments?: unknown }[],
  totalCents: number,
  currency: string,
): InstallmentPlan[] {
  return offered.flatMap((plan) => {
    const count = Number(plan.numberOfInstallments);
    if (!Number.isSafeInteger(count) || count < 1 || count > 60) return [];
    const [scheduled] = installmentPlans(totalCents, currency, [count]);
    return [{ ...scheduled!, planId: typeof plan.planId === 'string' ? plan.planId : scheduled!.planId }];
  });
}

/** The date of each payment: the first `firstDate`, then one a month (clamped to the month's last day). */
export function installmentDates(first: Date, count: number): Date[] {
  return Array.from({ length: count }, (_, index) => {
    const year = first.getUTCFullYear();
    const month = first.getUTCMonth() + index;
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, month, Math.min(first.getUTCDate(), lastDay)));
  });
}

/** The first payment falls due a month after the purchase. */
export function firstInstallmentDate(purchase: Date): Date {
  return installmentDates(purchase, 2)[1]!;
}

/**
 * What an order keeps of the plan the shopper chose and the network confirmed: the plan, the
 * schedule in cents and the first payment date (ISO day).
 */
export interface OrderInstallments {
  planId: string;
  numberOfInstallments: number;
  /** The regular payment, in cents. */
  installmentCents: number;
  /** Every payment, in cents; they add up to the order's total. */
  scheduleCents: number[];
  apr: string;
  currency: string;
  /** YYYY-MM-DD. */
  firstPaymentDate: string;
}

/** The plan id a count gives ("PLAN-3M"), the sandbox's naming. */
export function planIdOf(count: number): string {
  return `PLAN-${count}M`;
}
