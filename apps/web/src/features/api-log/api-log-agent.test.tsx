// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../account/test-utils';
import ApiLogPanel from './api-log-panel';
import { apiLog } from './log-store';

beforeAll(initTestI18n);
afterEach(() => {
  cleanup();
  apiLog.clear();
});

const SIGNATURE = 'sig1=:c2lnbmF0dXJlLWJ5dGVzLWJ5dGVzLWJ5dGVzLWJ5dGVzLWJ5dGVz:';

/** A checkout session whose agent asked the shop for a checkout, then was refused by the network. */
function seedAgentCalls() {
  const id = apiLog.start('offline-sandbox');
  apiLog.append(id, { name: 'enrolAgent', request: { agentId: 'a-1' }, response: { agenticTokenId: 't-1' } });
  apiLog.append(id, {
    name: 'POST /api/agent/checkouts',
    request: { method: 'POST', headers: { signature: SIGNATURE }, body: { items: [{ productId: 3, quantity: 1 }] } },
    response: { data: { checkoutId: 'c-1' } },
    source: 'agent',
    httpStatus: 201,
    agent: { lane: 'merchant', purpose: 'CREATE_CHECKOUT', at: 0, ok: true, status: 201, checks: [], credentials: [] },
  });
  apiLog.append(id, {
    name: 'POST /sandbox/agent-pay/credentials',
    request: { method: 'POST', headers: { signature: SIGNATURE }, body: {} },
    response: { reason: 'THRESHOLD_EXCEEDED' },
    failed: true,
    source: 'agent',
    httpStatus: 403,
    agent: {
      lane: 'network',
      purpose: 'RELEASE_CREDENTIALS_AUTONOMOUS',
      url: 'http://localhost/sandbox/agent-pay/credentials',
      at: 1,
      ok: false,
      status: 403,
      refusal: { reason: 'THRESHOLD_EXCEEDED', message: 'over' },
      checks: [{ layer: 'network', name: 'spend', outcome: 'fail', code: 'THRESHOLD_EXCEEDED' }],
      credentials: [{ path: 'broken' }],
    },
  });
}

describe('an AI agent’s calls in the API log', () => {
  it('sit beside the SDK calls with their lane and purpose, the signature hidden, and show in three lanes', () => {
    seedAgentCalls();
    render(
      <MemoryRouter>
        <ApiLogPanel onClose={() => {}} />
      </MemoryRouter>,
    );
    const entries = screen.getAllByTestId('api-log-entry');
    expect(entries.map((entry) => entry.querySelector('.api-log__source')?.textContent)).toEqual([
      'Browser SDK',
      'Agent → shop',
      'Agent → network',
    ]);
    expect(within(entries[1]!).getByTestId('api-log-purpose').textContent).toMatch(/^The agent asks the shop/);
    expect(document.body.textContent).not.toContain('c2lnbmF0dXJl');
    // The network's refusal unfolds its checks; the malformed stored credential is left out.
    fireEvent.click(entries[2]!.querySelector('summary')!);
    expect(within(entries[2]!).getByTestId('agent-checks').textContent).toContain('THRESHOLD_EXCEEDED');
    expect(within(entries[2]!).queryByTestId('agent-credentials')).toBeNull();
    expect(
      within(entries[2]!)
        .getByRole('link', { name: /in the API reference/ })
        .getAttribute('href'),
    ).toBe(
      '/sandbox/api/reference#/Agent%20Pay%3A%20mandates%20and%20credentials%20(ours)/postSandboxAgentPayCredentials',
    );

    fireEvent.click(screen.getByRole('button', { name: /Three lanes/ }));
    const rows = within(screen.getByTestId('agent-lanes')).getAllByTestId('agent-lane-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.querySelector('[data-lane="network"]')!.textContent).toContain('refused: THRESHOLD_EXCEEDED');

    fireEvent.change(screen.getByLabelText(/Show/), { target: { value: 'agent' } });
    expect(screen.getAllByTestId('api-log-entry')).toHaveLength(2);
  });
});
