// The agent caller's guard: an AI agent proves each request by an RFC 9421 signature (Web Bot Auth,
// the Trusted Agent Protocol's `agent-payer-auth`) with the Ed25519 key it registered at the network.
// The signed `@authority` is the configured name the request was addressed to, never the Host header
// alone, and each nonce is kept in the database until its signature expires, so a replay to any
// instance is refused.
import { Transform, pipeline, type Readable } from 'node:stream';
import { verifyAgentRequest, type AgenticError } from '@c2p/agentic';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import { sandboxAgentNonces } from '../../store/schema.ts';
import type { CallerGuard } from '../callers.ts';
import type { SandboxDatabase } from '../db.ts';
import { ApiError } from '../errors.ts';
import type { OwnOrigins } from '../origins.ts';
import { findAgentByKeyid, type AgentRow } from './agents.ts';

/** The registered agent that signed the request, as the agent guard found it. */
export interface SigningAgent {
  agentId: string;
  keyid: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The registered agent that signed the request (the agent guard). */
    agent?: SigningAgent;
  }
}

const signedBodies = new WeakMap<FastifyRequest, Buffer[]>();

/** Keeps the bytes of each signed request's body as received: its Content-Digest covers them. */
export function keepSignedBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.headers['signature-input'] === undefined) return payload;
    const chunks: Buffer[] = [];
    signedBodies.set(request, chunks);
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback(null, chunk);
      },
    });
    pipeline(payload, tee, () => {});
    return tee as unknown as Readable & { receivedEncodedLength?: number };
  });
}

/** The agent refusals of the network API (401: the request does not prove a registered agent). */
export const agentRefusal = (error: AgenticError) =>
  new ApiError(401, error.code, error.code === 'REQUEST_UNSIGNED' ? UNSIGNED_MESSAGE : error.message, [
    { reason: error.code, source: 'Signature', sourceType: 'HEADER' },
  ]);

const UNSIGNED_MESSAGE =
  'The request carries no agent signature: sign it (RFC 9421, tag agent-payer-auth) with the key you registered at POST /sandbox/agents';

/** Records a nonce until its signature expires; true when it was seen before (on any instance). */
async function nonceSeen(db: SandboxDatabase, nonce: string, keyid: string, expires: number): Promise<boolean> {
  const kept = await db
    .insert(sandboxAgentNonces)
    .values({ keyid, nonce, expiresAt: new Date(expires * 1000) })
    .onConflictDoNothing()
    .returning({ nonce: sandboxAgentNonces.nonce });
  return kept.length === 0;
}

const headersOf = (request: FastifyRequest): Record<string, string> =>
  Object.fromEntries(
    Object.entries(request.headers)
      .filter((entry): entry is [string, string | string[]] => entry[1] !== undefined)
      .map(([name, value]) => [name, [value].flat().join(', ')]),
  );

export function agentGuard({ db, origins }: { db: SandboxDatabase; origins: OwnOrigins }): CallerGuard {
  return {
    presented: (request) => request.headers['signature-input'] !== undefined || request.headers.signature !== undefined,
    async check(request) {
      // The authority the agent signed is the name it addressed, when it is one of ours (else our public one).
      const origin = origins.of(request) ?? origins.publicBaseUrl();
      const chunks = signedBodies.get(request);
      const body = chunks && chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      let agent: AgentRow | undefined;
      const verdict = await verifyAgentRequest(
        { method: request.method, url: `${origin}${request.url}`, headers: headersOf(request), body },
        {
          tags: ['agent-payer-auth'],
          async agentKey(keyid) {
            agent = await findAgentByKeyid(db, keyid);
            return agent?.signingJwk as JWK | undefined;
          },
          nonceSeen: (nonce, keyid, expires) => nonceSeen(db, nonce, keyid, expires),
        },
      );
      if (!verdict.ok) throw agentRefusal(verdict.error);
      request.agent = { agentId: agent!.id, keyid: verdict.keyid };
    },
  };
}
