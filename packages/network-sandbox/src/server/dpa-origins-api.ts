// `PUT|GET /sandbox/dpas/{srcDpaId}/origins`: the pages allowed to use the SDK for a DPA (our
// onboarding shortcut, like the payload key; the real network takes them at DPA registration).
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sandboxDpaOrigins, sandboxDpas } from '../store/schema.ts';
import { storedClients } from './clients-api.ts';
import type { SandboxDatabase } from './db.ts';
import { ApiError, invalidArgument } from './errors.ts';
import { clientAuthenticator, hashRequestBodies, type OnboardedClient } from './oauth.ts';
import { exactOrigin, MAX_DPA_ORIGINS, registeredOrigins } from './origins.ts';
import { asObject } from './util.ts';

export async function dpaOriginsRoutes(
  app: FastifyInstance,
  { db, clients }: { db: SandboxDatabase; clients: OnboardedClient[] },
): Promise<void> {
  hashRequestBodies(app);
  const authenticate = clientAuthenticator(clients, storedClients(db));
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.status(error.statusCode).send(error.toBody());
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      return reply.status(status).send(new ApiError(status, 'INVALID_ARGUMENT', (error as Error).message).toBody());
    }
    request.log.error({ err: error }, 'sandbox DPA origins failed');
    return reply.status(500).send(new ApiError(500, 'INTERNAL', 'Something went wrong in the sandbox').toBody());
  });

  app.put<{ Params: { srcDpaId: string } }>('/dpas/:srcDpaId/origins', async (request, reply) => {
    const clientId = await authenticate(request);
    const [dpa] = await db
      .select({ clientId: sandboxDpas.clientId })
      .from(sandboxDpas)
      .where(eq(sandboxDpas.srcDpaId, request.params.srcDpaId));
    // Only the DPA's owner (the client that registered its payload key) may open it to more pages.
    if (dpa?.clientId !== clientId) {
      throw new ApiError(403, 'PERMISSION_DENIED', `DPA ${request.params.srcDpaId} is not yours: PUT its key first`, [
        { reason: 'PERMISSION_DENIED', source: 'srcDpaId', sourceType: 'PATH' },
      ]);
    }
    const { origins } = asObject(request.body);
    if (!Array.isArray(origins)) {
      throw invalidArgument('origins', 'Send { origins: ["https://shop.example", ...] } ([] restores the default)');
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
    return reply.status(204).send();
  });

  app.get<{ Params: { srcDpaId: string } }>('/dpas/:srcDpaId/origins', async (request) => {
    const origins = await registeredOrigins(db, request.params.srcDpaId);
    return { origins, sandboxDefault: origins.length === 0 };
  });
}
