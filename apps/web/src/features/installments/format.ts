import { amountToCents, formatMoney, type InstallmentPlan } from '@c2p/domain';
import type { TFunction } from '../../lib/i18n';

/** "3 installments of $43.33" in the visitor's language. */
export function planLabel(t: TFunction, language: string, count: number, cents: number, currency: string): string {
  return t('INSTALLMENTS.PLANS.LABEL', { count, amount: formatMoney(cents, language, currency) });
}

/** A network amount ("43.33") in cents. */
export function centsOf(amount: string): number {
  return amountToCents(amount) ?? 0;
}

/** The smallest monthly payment of the plans, for "from $43.33 a month". */
export function lowestMonthly(plans: InstallmentPlan[]): number | undefined {
  const amounts = plans.map((plan) => centsOf(plan.installmentAmount));
  return amounts.length > 0 ? Math.min(...amounts) : undefined;
}

export function formatDay(date: Date | string, language: string): string {
  const value = typeof date === 'string' ? new Date(`${date}T00:00:00Z`) : date;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(value);
}

/** "Interest free" for a 0 APR, else "APR 9.99%" in the visitor's notation; nothing for an APR that is no number. */
export function aprText(t: TFunction, language: string, apr: string): string {
  const rate = Number(apr);
  if (apr.trim() === '' || !Number.isFinite(rate)) return '';
  if (rate === 0) return t('INSTALLMENTS.PLANS.INTEREST_FREE');
  const percent = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(rate / 100);
  return t('INSTALLMENTS.PLANS.APR', { apr: percent });
}
