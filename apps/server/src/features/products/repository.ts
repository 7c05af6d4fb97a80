import { asc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { CATALOGUE, productImage } from './catalogue.ts';

export type ProductRow = typeof products.$inferSelect;

/**
 * Writes the catalogue: new products are inserted, existing ones (same slug) take the seed's
 * values. Safe to run at every start and by several instances at once.
 */
export async function seedProducts(db: Database): Promise<void> {
  await db
    .insert(products)
    .values(
      CATALOGUE.map((entry, index) => ({
        slug: entry.slug,
        name: entry.name,
        description: entry.description,
        priceCents: entry.priceCents,
        image: productImage(entry.slug),
        category: entry.category,
        sortOrder: index + 1,
      })),
    )
    .onConflictDoUpdate({
      target: products.slug,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        priceCents: sql`excluded.price_cents`,
        image: sql`excluded.image`,
        category: sql`excluded.category`,
        sortOrder: sql`excluded.sort_order`,
      },
    });
}

export function listProducts(db: Database): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.sortOrder), asc(products.id));
}

/** The catalogue by product id, in catalogue order (sort order, then id). */
export type Catalogue = ReadonlyMap<number, ProductRow>;

/**
 * The catalogue as seeded at start, read once: nothing writes products while the server runs
 * (buildApp seeds them, then reads this before any route is registered), so the products API,
 * orders and the web app's product pages need not read it each time.
 */
export async function catalogueSnapshot(db: Database): Promise<Catalogue> {
  return new Map((await listProducts(db)).map((row) => [row.id, row]));
}
