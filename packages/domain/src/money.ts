/** Money is counted in integer cents so that sums never pick up floating-point error. */
export const CURRENCY = 'USD';

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}

/** A price in the visitor's locale: $1,234.50, 1 234,50 $US, ١٬٢٣٤٫٥٠ US$ ... (two decimals, spec section 9). */
export function formatMoney(cents: number, localeCode: string, currency = CURRENCY): string {
  return new Intl.NumberFormat(localeCode, { style: 'currency', currency, minimumFractionDigits: 2 }).format(
    cents / 100,
  );
}
