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

export function interpolate(text: string, params: Record<string, unknown> | undefined): string {
  if (!params) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
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
    if (text !== undefined) return interpolate(text, options);
  }
  return undefined;
}
