import { z } from 'zod';
import type { Product } from '../product.ts';
import { dataOf, errors, type Same } from './contract.ts';
import { areaRoutes } from './merchant-routes.ts';

const route = areaRoutes('Products');

const MAX_ID = 2_147_483_647;

export const productSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().describe('USD with two decimals'),
  image: z.string().describe('Path of the image on our own origin'),
  category: z.string(),
});

export const productParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'API.PRODUCTS.ID')
    .transform(Number)
    .refine((id) => id <= MAX_ID, 'API.PRODUCTS.ID'),
});

export const productsApi = {
  list: route.withProductsKey('GET', '/api/products', {
    summary: 'The catalogue, in the visitor’s language',
    response: { 200: dataOf(z.array(productSchema)), ...errors(429) },
  }),
  one: route.withProductsKey('GET', '/api/products/:id', {
    summary: 'One product',
    params: productParamsSchema,
    response: { 200: dataOf(productSchema), ...errors(404, 422, 429) },
  }),
};

/** The answer schema and the domain type say the same. */
export const productTypeCheck: Same<z.output<typeof productSchema>, Product> = true;
