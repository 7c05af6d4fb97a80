import { fromCents, type LocaleCode, type Product } from '@c2p/domain';
import type { LocalizedText } from '../../db/schema.ts';
import type { ProductRow } from './repository.ts';

/** The text in the locale, else in English (a product added without a translation still shows). */
export function localized(text: LocalizedText, locale: LocaleCode): string {
  return text[locale] || text['en-US'];
}

export function toProduct(row: ProductRow, locale: LocaleCode): Product {
  return {
    id: row.id,
    slug: row.slug,
    name: localized(row.name, locale),
    description: localized(row.description, locale),
    price: fromCents(row.priceCents),
    image: row.image,
    category: row.category,
  };
}
