import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PRODUCTS_API_KEY_HEADER } from '@c2p/domain';
import { productsApi } from '@c2p/domain/api';
import { representationOf, sendRepresentation, type Representation } from '../../lib/http-cache.ts';
import { fieldError } from '../../lib/http-errors.ts';
import { localeOf, t } from '../../lib/i18n.ts';
import type { Catalogue } from './repository.ts';
import { toProduct } from './service.ts';

/**
 * Whether a sent key is this one, in a time that says nothing of where they differ or of the key's
 * length: the sent text is written into a buffer of the key's length and compared in constant time.
 * (It was hashed first, which cost the products API a tenth of its throughput.)
 */
export function apiKeyMatcher(apiKey: string): (sent: string) => boolean {
  const expected = Buffer.from(apiKey, 'utf8');
  const candidate = Buffer.alloc(expected.length);
  return (sent) => {
    candidate.fill(0);
    candidate.write(sent, 'utf8');
    const same = timingSafeEqual(candidate, expected);
    return same && Buffer.byteLength(sent, 'utf8') === expected.length;
  };
}

/** The products API of spec section 7: JSON, behind an API key header, in the visitor's language. */
export async function productRoutes(
  app: FastifyInstance,
  { catalogue, apiKey }: { catalogue: Catalogue; apiKey: string },
): Promise<void> {
  const isApiKey = apiKeyMatcher(apiKey);

  const requireApiKey = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const sent = request.headers[PRODUCTS_API_KEY_HEADER];
    if (typeof sent !== 'string' || !isApiKey(sent)) {
      return done(fieldError(401, PRODUCTS_API_KEY_HEADER, t(request, 'API.PRODUCTS.API_KEY')));
    }
    done();
  };

  // The body depends on the language (cookie or Accept-Language).
  const VARY = 'Accept-Language, Cookie';

  // The catalogue is read at start and never changes while the server runs (every instance seeds
  // the same one), so each answer is serialised and encoded once per language, in catalogue order.
  const answers = new Map<string, Representation>();
  const answer = (key: string, body: () => unknown): Representation => {
    let representation = answers.get(key);
    if (!representation) {
      representation = representationOf(body());
      answers.set(key, representation);
    }
    return representation;
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  // The key is checked before the input (preValidation): without it, nothing else is said.
  const { list, one } = productsApi;
  const options = { preValidation: requireApiKey, compress: false as const, decompress: false as const };
  api.get(list.url, { ...options, schema: list.schema }, (request, reply) => {
    const locale = localeOf(request);
    const all = answer(locale, () => ({ data: [...catalogue.values()].map((row) => toProduct(row, locale)) }));
    sendRepresentation(request, reply, all, VARY);
  });

  api.get(one.url, { ...options, schema: one.schema }, (request, reply) => {
    const { id } = request.params;
    const row = catalogue.get(id);
    if (!row) throw fieldError(404, 'id', t(request, 'API.PRODUCTS.NOT_FOUND'));
    const locale = localeOf(request);
    sendRepresentation(
      request,
      reply,
      answer(`${locale} ${id}`, () => ({ data: toProduct(row, locale) })),
      VARY,
    );
  });
}
