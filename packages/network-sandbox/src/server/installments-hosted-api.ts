// The hosted installments checkout (issue 14): what the network's own window needs to know of the
// SDK session that opened it (whom to answer, the merchant, the amount). The session token, which
// only the SDK and the window it opened hold, is the capability, as for every SDK API call.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sandboxSdkSessions } from '../store/schema.ts';
import type { SandboxDatabase } from './db.ts';
import { SdkError } from './errors.ts';
import { sha256 } from './keys.ts';
import { asObject, isObject } from './util.ts';

/** The SDK's session header (sdk-api.ts's SESSION_HEADER; not imported, which would close an import cycle). */
const SESSION_HEADER = 'x-sandbox-session';

export async function installmentsHostedRoutes(
  app: FastifyInstance,
  { db, publicBaseUrl }: { db: SandboxDatabase; publicBaseUrl: () => string },
): Promise<void> {
  app.get('/api/hosted/session', async (request) => {
    const token = request.headers[SESSION_HEADER];
    if (typeof token !== 'string' || token === '') throw new SdkError(400, 'INVALID_REQUEST', 'No SDK session');
    const [session] = await db
      .select()
      .from(sandboxSdkSessions)
      .where(eq(sandboxSdkSessions.tokenHash, sha256(token)));
    if (!session || session.expiresAt.getTime() < Date.now()) {
      throw new SdkError(400, 'INVALID_REQUEST', 'The SDK session is unknown or expired: call init again');
    }
    const init = asObject(session.init);
    const dpaData = asObject(init.dpaData);
    const options = asObject(init.dpaTransactionOptions);
    return {
      merchantOrigin: session.origin ?? new URL(publicBaseUrl()).origin,
      merchant: { name: String(dpaData.dpaPresentationName ?? dpaData.dpaName ?? '') },
      locale: String(options.dpaLocale ?? 'en_US'),
      amount: isObject(options.transactionAmount) ? options.transactionAmount : null,
    };
  });
}

/** The merchant origin of the SDK session a hosted window was opened for (its token's hash), if any. */
export async function hostedSessionOrigin(db: SandboxDatabase, tokenHash: string): Promise<string | undefined> {
  if (!/^[0-9a-f]{64}$/.test(tokenHash)) return undefined;
  const [row] = await db
    .select({ origin: sandboxSdkSessions.origin })
    .from(sandboxSdkSessions)
    .where(eq(sandboxSdkSessions.tokenHash, tokenHash));
  return row?.origin ?? undefined;
}
