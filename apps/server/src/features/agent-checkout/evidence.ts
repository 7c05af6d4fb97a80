import { AGENT_SIGNATURE_TAGS } from '@c2p/agentic';
import type { AgentCheck, AgentEvidenceLayer, AgentOrder } from '@c2p/domain';
import type { SignedAgent } from './agent-guard.ts';

/** What the agent guard checked of the request, as evidence: the key, the signed authority, the tag, the nonce. */
export function requestChecks(agent: SignedAgent, now = Date.now()): AgentCheck[] {
  const pass = (name: string, compared: AgentCheck['compared'] | undefined, note?: string): AgentCheck => ({
    layer: 'request',
    name,
    outcome: 'pass',
    ...(compared === undefined ? {} : { compared }),
    ...(note === undefined ? {} : { note }),
  });
  return [
    pass('agent_key', { relation: 'present', expected: 'ACTIVE', actual: agent.keyid }, agent.name),
    pass('signature', undefined, `ed25519 over @authority (${agent.authority}), @path, @method, content-digest`),
    pass('tag', { relation: 'one_of', expected: [...AGENT_SIGNATURE_TAGS], actual: agent.tag }),
    pass('nonce', { relation: 'present', expected: 'unused', actual: agent.nonce }),
    pass('expires', { relation: 'at_least', expected: Math.floor(now / 1000), actual: agent.expires }),
  ];
}

/** The order's mark: who the agent is, under which mandate, and every check with both values. */
export function agentOrder(
  agent: SignedAgent,
  chain: { mode: AgentOrder['mode']; checks: AgentCheck[]; layers: AgentEvidenceLayer[] },
  checkoutId: string,
): AgentOrder {
  return {
    initiatedBy: 'AGENT',
    program: 'AGENT_PAY',
    agent: { agentId: agent.agentId, name: agent.name, keyid: agent.keyid },
    mode: chain.mode,
    checkoutId,
    checks: chain.checks,
    layers: chain.layers,
  };
}
