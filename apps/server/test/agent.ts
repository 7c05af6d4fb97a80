// The scripted agent (@c2p/agentic/agent) against a test server over inject: its fetch addresses
// the server as inject does (Host localhost, one of the server's configured names).
import type { FastifyInstance } from 'fastify';
import { createAgent, type Agent } from '@c2p/agentic/agent';
import type { AgentSignatureTag } from '@c2p/agentic';

export const SHOP_ORIGIN = 'http://localhost';

/** fetch, answered by the app in-process. */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${url.pathname}${url.search}`,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    });
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  }) as typeof fetch;
}

/** A new scripted agent, registered at the sandbox's agent registry. */
export async function registeredAgent(app: FastifyInstance, name = 'Errand agent'): Promise<Agent> {
  const agent = createAgent({
    name,
    networkBase: `${SHOP_ORIGIN}/sandbox`,
    shopBase: SHOP_ORIGIN,
    fetch: injectFetch(app),
  });
  const record = await agent.register();
  if (!record.ok) throw new Error(`the agent could not register: ${JSON.stringify(record.response)}`);
  return agent;
}

/** The agent's own call of the shop's completion of `checkoutId`, with `body` (credentials, payload, shipping), signed with `tag`. */
export function completeCheckout(
  agent: Agent,
  checkoutId: string,
  body: Record<string, unknown>,
  tag: AgentSignatureTag,
) {
  return agent.send({
    step: 'call',
    lane: 'merchant',
    purpose: 'CUSTOM',
    method: 'POST',
    url: `${SHOP_ORIGIN}/api/agent/checkouts/${checkoutId}/complete`,
    body,
    tag,
  });
}
