import type { Database } from '../../db/client.ts';
import { listProducts, type ProductRow } from '../products/repository.ts';

/** The catalogue by product id, in catalogue order (sort order, then id), as orders price from it. */
export type Catalogue = ReadonlyMap<number, ProductRow>;

/**
 * The catalogue as seeded at start, read once: nothing writes products while the server runs
 * (buildApp seeds them, then reads this before any route is registered), so the products API,
 * orders and the web app's product pages need not read it each time.
 */
export async function catalogueSnapshot(db: Database): Promise<Catalogue> {
  return new Map((await listProducts(db)).map((row) => [row.id, row]));
}
