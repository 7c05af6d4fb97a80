// The shop's guard of the `agent` caller (SECURITY.md, "The trust model"): an AI agent proves each
// request by an RFC 9421 signature, checked with the key the network's agent key directory
// publishes for its keyid, over our own configured origin (never the Host header), with each
// nonce kept in the database until its signature expires.
import { pipeline, Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JWK } from 'jose';
import { AGENT_SIGNATURE_TAGS, verifyAgentRequest, type AgentSignatureTag } from '@c2p/agentic';
import type { CallerGuard, OwnOrigins } from '@c2p/network-sandbox';
import type { Database } from '../../db/client.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { t } from '../../lib/i18n.ts';
import { callNetwork } from '../payments/network-client.ts';
import { nonceSeen } from './repository.ts';

/** An agent as the shop's guard found it: its entry in the network's key directory and its signature. */
export interface SignedAgent {
  readonly agentId: string;
  readonly name: string;
  readonly keyid: string;
  readonly tag: AgentSignatureTag;
  readonly nonce: string;
  readonly expires: number;
  /** The origin the signature covered as @authority: ours, from configuration. */
  readonly authority: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The Trusted Agent Protocol tags an agent route accepts; both by default. */
    agentTags?: readonly AgentSignatureTag[];
  }
  interface FastifyRequest {
    /** The agent that signed the request (the shop's agent guard). */
    signedAgent?: SignedAgent;
  }
}

/** An entry of the network's agent key directory (GET /sandbox/agents/keys/:keyid). */
interface DirectoryEntry {
  keyid: string;
  agentId: string;
  name: string;
  jwk: JWK;
  status: string;
}

/**
 * An agent refusal: its status, the agentic reason code and its message in the visitor's language;
 * `field` names the part of the request it concerns (`errors`), `checks` the checks made.
 */
export function agentRefusal(
  request: FastifyRequest,
  statusCode: number,
  reason: string,
  { field, checks }: { field?: string; checks?: unknown[] } = {},
): HttpError {
  const message = t(request, `AGENTIC.ERRORS.${reason}`);
  return new HttpError(statusCode, message, field === undefined ? undefined : { [field]: [message] }, {
    reason,
    ...(checks && { checks }),
  });
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** Keeps each request body's bytes as received, which the signature's Content-Digest covers. */
export function keepRawBodies(app: FastifyInstance): void {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const chunks: Buffer[] = [];
    const tee = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback(null, chunk);
      },
      flush(callback) {
        rawBodies.set(request, Buffer.concat(chunks));
        callback();
      },
    });
    pipeline(payload, tee, () => {});
    return tee as unknown as Readable & { receivedEncodedLength?: number };
  });
}

function headersOf(request: FastifyRequest): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers).flatMap(([name, value]) =>
      value === undefined ? [] : [[name, Array.isArray(value) ? value.join(', ') : String(value)]],
    ),
  );
}

/** The agent key directory of the network at `networkBase` (its agents/keys route). */
export function agentDirectory(networkBase: () => string) {
  return async (keyid: string): Promise<DirectoryEntry | undefined> => {
    const answer = await callNetwork({
      method: 'GET',
      url: `${networkBase()}/agents/keys/${encodeURIComponent(keyid)}`,
      headers: {},
      body: undefined,
    });
    if (answer.status === 404) return undefined;
    const entry = answer.body as Partial<DirectoryEntry> | null;
    if (!answer.ok || typeof entry?.agentId !== 'string' || typeof entry.jwk !== 'object') {
      throw new HttpError(502, `the network's agent key directory answered ${answer.status ?? 'nothing'}`);
    }
    return entry as DirectoryEntry;
  };
}

export function agentGuard(options: {
  db: Database;
  origins: OwnOrigins;
  directory: (keyid: string) => Promise<DirectoryEntry | undefined>;
}): CallerGuard {
  return {
    presented: (request) => request.headers['signature-input'] !== undefined || request.headers.signature !== undefined,
    async check(request) {
      const origin = options.origins.of(request);
      if (origin === undefined) throw agentRefusal(request, 401, 'REQUEST_SIGNATURE_INVALID');
      const body = rawBodies.get(request);
      if (body === undefined && request.body !== undefined) {
        throw new Error(`${request.routeOptions.url ?? ''} serves agents but does not keep its raw bodies`);
      }
      let entry: DirectoryEntry | undefined;
      const verdict = await verifyAgentRequest(
        { method: request.method, url: `${origin}${request.url}`, headers: headersOf(request), body },
        {
          agentKey: async (keyid) => {
            entry = await options.directory(keyid);
            return entry?.status === 'ACTIVE' ? entry.jwk : undefined;
          },
          nonceSeen: (nonce, keyid, expires) => nonceSeen(options.db, keyid, nonce, new Date(expires * 1000)),
          tags: request.routeOptions.config.agentTags ?? AGENT_SIGNATURE_TAGS,
        },
      );
      if (!verdict.ok) throw agentRefusal(request, 401, verdict.error.code);
      const { keyid, tag, nonce, expires } = verdict;
      request.signedAgent = {
        agentId: entry!.agentId,
        name: entry!.name,
        keyid,
        tag,
        nonce,
        expires,
        authority: origin,
      };
    },
  };
}
