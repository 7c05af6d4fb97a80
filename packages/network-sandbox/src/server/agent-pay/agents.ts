// The network's agent registry and key directory (ours: the Agent Pay registry's API is not public;
// the directory answers as the Trusted Agent Protocol's `GET /keys/{keyId}`). An agent registers the
// public halves of its two keys: Ed25519 for its request signatures, P-256 for its credentials (L3).
import { and, count, eq, gt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calculateJwkThumbprint, importJWK, type JWK } from 'jose';
import { AGENT_NAME_MESSAGE, CREDENTIAL_KEY_MESSAGE, SIGNING_KEY_MESSAGE } from '../../api/agent-pay-api.ts';
import { mounted, networkApi } from '../../api/network-api.ts';
import { sandboxAgents } from '../../store/schema.ts';
import type { SandboxDatabase } from '../db.ts';
import { ApiError, invalidArgument } from '../errors.ts';
import { throttledSweep } from '../expiry.ts';
import { unstorableText } from '../input.ts';
import { sha256 } from '../keys.ts';
import { findFirstWith } from '../queries.ts';
import { asObject } from '../util.ts';

/** Agents one address may register per hour, and in all: an agent's keys live in a page's memory, so each visit registers one. */
export const AGENTS_PER_ADDRESS_PER_HOUR = 100;
const MAX_AGENTS = 10_000;

export type AgentRow = typeof sandboxAgents.$inferSelect;

export const findAgentByKeyid = (db: SandboxDatabase, keyid: string) => findFirstWith(db, sandboxAgents, { keyid });
export const findAgent = (db: SandboxDatabase, id: string) =>
  /^[0-9a-f-]{36}$/i.test(id) ? findFirstWith(db, sandboxAgents, { id }) : Promise.resolve(undefined);

/** The public key of `value` with only the members its type needs, when it is one `importJWK` can use. */
async function publicKeyOf(value: unknown, field: string, message: string, kind: 'Ed25519' | 'ES256'): Promise<JWK> {
  const jwk = asObject(value);
  const members = kind === 'Ed25519' ? ['kty', 'crv', 'x'] : ['kty', 'crv', 'x', 'y'];
  const expected = kind === 'Ed25519' ? { kty: 'OKP', crv: 'Ed25519' } : { kty: 'EC', crv: 'P-256' };
  if (jwk.kty !== expected.kty || jwk.crv !== expected.crv || members.some((m) => typeof jwk[m] !== 'string')) {
    throw invalidArgument(field, message);
  }
  if ('d' in jwk) throw invalidArgument(field, 'That is a private key: register the public half only (drop d)');
  const key = Object.fromEntries(members.map((m) => [m, jwk[m]])) as JWK;
  try {
    await importJWK(key, kind);
  } catch {
    throw invalidArgument(field, message);
  }
  return key;
}

function agentName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (name.length < 1 || name.length > 80 || unstorableText(name, 'name') || /\p{Cc}/u.test(name)) {
    throw invalidArgument('name', AGENT_NAME_MESSAGE);
  }
  return name;
}

export function agentRoutes(app: FastifyInstance, { db }: { db: SandboxDatabase }): void {
  const sweep = throttledSweep(db);
  const api = app.withTypeProvider<ZodTypeProvider>();

  const register = mounted(networkApi.registerAgent);
  api.post(register.url, { schema: register.schema }, async (request, reply) => {
    const body = asObject(request.body);
    const name = agentName(body.name);
    const signingJwk = await publicKeyOf(body.signingKey, 'signingKey', SIGNING_KEY_MESSAGE, 'Ed25519');
    const credentialJwk = await publicKeyOf(body.credentialKey, 'credentialKey', CREDENTIAL_KEY_MESSAGE, 'ES256');
    await sweep();
    const addressHash = sha256(`agents:${request.ip}`);
    const since = new Date(Date.now() - 3_600_000);
    const [recent] = await db
      .select({ agents: count() })
      .from(sandboxAgents)
      .where(and(eq(sandboxAgents.addressHash, addressHash), gt(sandboxAgents.createdAt, since)));
    const [all] = await db.select({ agents: count() }).from(sandboxAgents);
    if ((recent?.agents ?? 0) >= AGENTS_PER_ADDRESS_PER_HOUR || (all?.agents ?? 0) >= MAX_AGENTS) {
      reply.header('retry-after', '3600');
      throw new ApiError(429, 'RATE_LIMIT_EXCEEDED', 'Too many agents registered: try again later');
    }
    const keyid = await calculateJwkThumbprint(signingJwk);
    const credentialKid = await calculateJwkThumbprint(credentialJwk);
    const [agent] = await db
      .insert(sandboxAgents)
      .values({ name, keyid, signingJwk, credentialKid, credentialJwk, addressHash })
      .onConflictDoNothing()
      .returning({ id: sandboxAgents.id });
    if (!agent) {
      throw new ApiError(409, 'ALREADY_EXISTS', 'An agent with this signing key is registered already', [
        { reason: 'ALREADY_EXISTS', source: 'signingKey', sourceType: 'BODY' },
      ]);
    }
    return reply.status(201).send({ agentId: agent.id, keyid, credentialKid });
  });

  const directory = mounted(networkApi.agentKey);
  api.get(directory.url, { schema: directory.schema }, async (request) => {
    const agent = await findAgentByKeyid(db, request.params.keyid);
    if (!agent) {
      throw new ApiError(404, 'NOT_FOUND', 'No agent key has this keyid', [
        { reason: 'AGENT_UNKNOWN', source: 'keyid', sourceType: 'PATH' },
      ]);
    }
    return {
      keyid: agent.keyid,
      agentId: agent.id,
      name: agent.name,
      jwk: { ...agent.signingJwk, kid: agent.keyid, alg: 'EdDSA', use: 'sig' },
      status: 'ACTIVE' as const,
    };
  });
}
