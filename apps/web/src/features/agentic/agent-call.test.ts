// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { AgentRecord } from '@c2p/agentic/agent';
import { checksOf, referenceUrl } from './agent-call';
import { agentCallOf } from './record-to-call';

const CHECK = {
  layer: 'L2',
  name: 'sd_hash',
  outcome: 'pass',
  compared: { relation: 'equals', expected: 'a', actual: 'a' },
};
const FAILED = { layer: 'network', name: 'spend', outcome: 'fail', code: 'THRESHOLD_EXCEEDED' };

describe('the checks of a party’s answer', () => {
  it('reads the network’s release, the shop’s order and either party’s refusal; ignores anything else', () => {
    expect(checksOf({ encryptedPayload: 'x', checks: [CHECK] })).toEqual([CHECK]);
    expect(checksOf({ data: { orderNumber: '1', agent: { checks: [CHECK, FAILED] } } })).toEqual([CHECK, FAILED]);
    expect(checksOf({ reason: 'THRESHOLD_EXCEEDED', checks: [FAILED, { nonsense: true }, 'x'] })).toEqual([FAILED]);
    expect(checksOf('Bad Gateway')).toEqual([]);
    expect(checksOf({ checks: 'none' })).toEqual([]);
  });
});

describe('an agent’s record made ready to show', () => {
  it('keeps the refusal and the checks, masks the request as the API log does, and never shows the signature', async () => {
    const record: AgentRecord = {
      step: 'credentials',
      lane: 'network',
      purpose: 'RELEASE_CREDENTIALS_AUTONOMOUS',
      at: 1_800_000_000_000,
      method: 'POST',
      url: 'http://localhost:3000/sandbox/agent-pay/credentials',
      request: {
        headers: {
          signature: 'sig1=:c2lnbmF0dXJlLWJ5dGVzLWJ5dGVzLWJ5dGVzLWJ5dGVz:',
          'content-type': 'application/json',
        },
        body: { agenticTokenId: 'b6a1c3d0-90f1-4f7e-9d55-3a7d7c2d1e11', l1: 'not a credential' },
      },
      status: 403,
      response: { status: 403, reason: 'THRESHOLD_EXCEEDED', message: 'over', checks: [CHECK, FAILED] },
      ok: false,
      error: { reason: 'THRESHOLD_EXCEEDED', message: 'over' },
    };
    const call = await agentCallOf(record);
    expect(call).toMatchObject({
      lane: 'network',
      status: 403,
      ok: false,
      refusal: { reason: 'THRESHOLD_EXCEEDED' },
      checks: [CHECK, FAILED],
      credentials: [{ layer: 'L1', unreadable: expect.any(String) }],
    });
    expect(JSON.stringify(call)).not.toContain('c2lnbmF0dXJl');
    expect(JSON.stringify(call)).not.toContain('9d55-3a7d7c2d1e11');
  });

  it('links each agent-facing route to its operation in the party’s API reference', () => {
    expect(referenceUrl({ url: 'http://localhost/sandbox/agent-pay/mandate-requests/abc' })).toBe(
      '/sandbox/api/reference#/Agent%20Pay%3A%20mandates%20and%20credentials%20(ours)/getSandboxAgentPayMandateRequestsId',
    );
    expect(referenceUrl({ url: 'http://localhost/api/agent/checkouts/abc/complete' })).toBe(
      '/api/reference#/Agent%20checkout/postApiAgentCheckoutsIdComplete',
    );
    expect(referenceUrl({ url: 'http://localhost/api/orders' })).toBeUndefined();
  });
});
