import { once } from 'node:events';
import { createServer, type IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import { CompactEncrypt, importJWK } from 'jose';
import type { Database } from '../src/db/client.ts';
import { merchantKeys } from '../src/db/schema.ts';
import { PAYLOAD_KEY_PURPOSE } from '../src/features/payments/merchant-keys.ts';

/** A call the stand-in network received. */
export interface StandInCall {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** What the stand-in network answers a call with: the payload it encrypts, and the answer's assurance data. */
export interface StandInAnswer {
  payload: Record<string, unknown>;
  assuranceData: unknown;
}

export interface StandInNetwork {
  port: number;
  /** Each call received, in order. */
  calls: StandInCall[];
  close(): Promise<void>;
}

/**
 * A stand-in for the real card network, on a port of its own: it answers every call with
 * `answer()`'s payload encrypted (RSA-OAEP-256, A128GCM) for the shop's payload key, as a
 * checkout answer of merchant transaction 'mtid' and correlation 'corr', a Mastercard ending 0149.
 * `answer` is asked once the call's body has arrived.
 */
export async function startStandInNetwork(db: Database, answer: () => StandInAnswer): Promise<StandInNetwork> {
  const [key] = await db.select().from(merchantKeys).where(eq(merchantKeys.purpose, PAYLOAD_KEY_PURPOSE));
  const publicKey = await importJWK(key!.publicJwk, 'RSA-OAEP-256');
  const calls: StandInCall[] = [];
  const network = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      const { payload, assuranceData } = answer();
      void new CompactEncrypt(new TextEncoder().encode(JSON.stringify(payload)))
        .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A128GCM', kid: key!.kid })
        .encrypt(publicKey)
        .then((encryptedPayload) => {
          response.setHeader('content-type', 'application/json');
          response.end(
            JSON.stringify({
              merchantTransactionId: 'mtid',
              correlationId: 'corr',
              encryptedPayload,
              assuranceData,
              maskedCard: { paymentCardDescriptor: 'MASTERCARD', panLastFour: '0149' },
            }),
          );
        });
    });
  });
  network.listen(0, '127.0.0.1');
  await once(network, 'listening');
  const { port } = network.address() as { port: number };
  return {
    port,
    calls,
    close: () => new Promise<void>((resolve) => network.close(() => resolve())),
  };
}
