/**
 * Message lookup for the locale catalogues (packages/domain/locales), in i18next's format: dotted
 * keys into nested objects, `{{name}}` placeholders, and plural keys `_zero` (a count of 0, when
 * given) then the language's plural category (`_one`, `_two`, `_few`, `_many`, `_other`).
 */
export type Catalogue = Record<string, unknown>;
export type TranslateOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;

export function lookupMessage(catalogue: unknown, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number in the locale's digits (ar-EG: Arabic-Indic), so a message never mixes two kinds of
 * digits; grouped from five digits on only ('min2'), so a year stays 2026, not 2,026.
 */
export function formatNumber(value: number, locale: string): string {
  let format = numberFormats.get(locale);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { useGrouping: 'min2', maximumFractionDigits: 20 });
    } catch {
      format = new Intl.NumberFormat('en-US', { useGrouping: 'min2', maximumFractionDigits: 20 });
    }
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * A code's digits (a card's last four) in the locale's digits, for a sentence that writes its other
 * numbers so: "…بـ ٨٧٨٥", not "…بـ 8785" beside "١٠٠٫٠٠". Where the code is to be typed, keep it as written.
 */
export function inLocaleDigits(code: string, locale: string): string {
  return code.replace(/\d/g, (digit) => formatNumber(Number(digit), locale));
}

export function interpolate(text: string, params: Record<string, unknown> | undefined, locale?: string): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) => {
    if (!Object.hasOwn(params, name)) return whole;
    const value = params[name];
    return typeof value === 'number' && locale ? formatNumber(value, locale) : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralCategory(locale: string, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** The message for `key` in one catalogue, or undefined when the catalogue lacks it. */
export function translateMessage(
  catalogue: unknown,
  locale: string,
  key: string,
  options?: TranslateOptions,
): string | undefined {
  const count = options?.count;
  const candidates =
    typeof count === 'number'
      ? [...(count === 0 ? [`${key}_zero`] : []), `${key}_${pluralCategory(locale, count)}`, `${key}_other`, key]
      : [key];
  for (const candidate of candidates) {
    const text = lookupMessage(catalogue, candidate);
    if (text !== undefined) return interpolate(text, options, locale);
  }
  return undefined;
}
