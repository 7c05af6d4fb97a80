// `PUT|GET /sandbox/dpas/{srcDpaId}/origins`: the pages allowed to use the SDK for a DPA (our
// onboarding shortcut, like the payload key; the real network takes them at DPA registration).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mounted, networkApi, ORIGINS_MESSAGE } from '../api/network-api.ts';
import { sandboxDpaOrigins, sandboxDpas } from '../store/schema.ts';
import { recordDpaUse } from './client-lifetime.ts';
import type { SandboxDatabase } from './db.ts';
import { ApiError, invalidArgument } from './errors.ts';
import { networkApiSetup } from './network-api-setup.ts';
import { exactOrigin, MAX_DPA_ORIGINS, registeredOrigins } from './origins.ts';
import { asObject } from './util.ts';
import { signedClientOf } from './network-api-setup.ts';

export async function dpaOriginsRoutes(app: FastifyInstance, { db }: { db: SandboxDatabase }): Promise<void> {
  networkApiSetup(app, 'DPA origins');
  const api = app.withTypeProvider<ZodTypeProvider>();
  const put = mounted(networkApi.putDpaOrigins);
  api.put(put.url, { schema: put.schema }, async (request, reply) => {
    const clientId = signedClientOf(request);
    const [dpa] = await db.select().from(sandboxDpas).where(eq(sandboxDpas.srcDpaId, request.params.srcDpaId));
    // Only the DPA's owner (the client that registered its payload key) may open it to more pages.
    if (dpa?.clientId !== clientId) {
      throw new ApiError(403, 'PERMISSION_DENIED', `DPA ${request.params.srcDpaId} is not yours: PUT its key first`, [
        { reason: 'PERMISSION_DENIED', source: 'srcDpaId', sourceType: 'PATH' },
      ]);
    }
    await recordDpaUse(db, dpa);
    const { origins } = asObject(request.body);
    if (!Array.isArray(origins)) {
      throw invalidArgument('origins', ORIGINS_MESSAGE);
    }
    if (origins.length > MAX_DPA_ORIGINS) {
      throw invalidArgument('origins', `At most ${MAX_DPA_ORIGINS} origins`);
    }
    const exact = origins.map(exactOrigin);
    const bad = exact.findIndex((origin) => origin === undefined);
    if (bad >= 0) {
      throw invalidArgument(
        `origins[${bad}]`,
        'Each origin is scheme://host[:port], http or https, with no path and no wildcard',
      );
    }
    const srcDpaId = request.params.srcDpaId;
    const unique = [...new Set(exact as string[])];
    await db.transaction(async (tx) => {
      await tx.delete(sandboxDpaOrigins).where(eq(sandboxDpaOrigins.srcDpaId, srcDpaId));
      if (unique.length > 0) await tx.insert(sandboxDpaOrigins).values(unique.map((origin) => ({ srcDpaId, origin })));
    });
    return reply.status(204).send(null);
  });

  const get = mounted(networkApi.getDpaOrigins);
  api.get(get.url, { schema: get.schema }, async (request) => {
    const origins = await registeredOrigins(db, request.params.srcDpaId);
    return { origins, sandboxDefault: origins.length === 0 };
  });
}
