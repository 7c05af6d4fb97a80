// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import ar from '@c2p/domain/locales/ar-EG';
import en from '@c2p/domain/locales/en-US';
import fr from '@c2p/domain/locales/fr-FR';
import { initI18nWith } from '../../lib/i18n';
import type { AgentCall } from './agent-call';
import { AgentCallCard } from './agent-call-view';
import { AgentLanes } from './agent-lanes';

afterEach(cleanup);

const CHECKOUT: AgentCall = {
  lane: 'merchant',
  purpose: 'CREATE_CHECKOUT',
  at: 0,
  method: 'POST',
  url: 'http://localhost/api/agent/checkouts',
  status: 201,
  ok: true,
  checks: [],
  credentials: [],
};
const REFUSED: AgentCall = {
  lane: 'network',
  purpose: 'RELEASE_CREDENTIALS_AUTONOMOUS',
  at: 1,
  method: 'POST',
  url: 'http://localhost/sandbox/agent-pay/credentials',
  status: 403,
  ok: false,
  refusal: { reason: 'THRESHOLD_EXCEEDED', message: 'The amount exceeds the mandate’s limit.' },
  checks: [
    { layer: 'L2', name: 'sd_hash', outcome: 'pass', compared: { relation: 'equals', expected: 'h', actual: 'h' } },
    {
      layer: 'network',
      name: 'spend',
      outcome: 'fail',
      code: 'THRESHOLD_EXCEEDED',
      compared: { relation: 'at_most', expected: 15000, actual: 18000 },
    },
  ],
  credentials: [],
};

describe('the three lanes', () => {
  for (const [code, catalogue] of [
    ['en-US', en],
    ['fr-FR', fr],
    ['ar-EG', ar],
  ] as const) {
    it(`${code}: each call is a row, the agent’s request first, the answer in the called party’s lane only`, () => {
      initI18nWith(code, catalogue);
      const { getAllByTestId } = render(<AgentLanes calls={[CHECKOUT, REFUSED]} />);
      const [first, second] = getAllByTestId('agent-lane-row');
      const cell = (row: HTMLElement, lane: string) => row.querySelector<HTMLElement>(`[data-lane="${lane}"]`)!;
      expect(cell(first!, 'agent').textContent).toContain('/api/agent/checkouts');
      expect(cell(first!, 'network').textContent).toBe('');
      expect(cell(first!, 'merchant').textContent).not.toBe('');
      expect(cell(second!, 'merchant').textContent).toBe('');
      const network = cell(second!, 'network');
      // The refusal in the catalogue's words, and each check in order, the failed one marked.
      expect(network.textContent).toContain(catalogue.AGENTIC.ERRORS.THRESHOLD_EXCEEDED);
      const checks = within(network).getAllByRole('listitem');
      expect(checks.map((li) => li.dataset.outcome)).toEqual(['pass', 'fail']);
      expect(checks[1]!.textContent).toContain(catalogue.AGENTIC_LIVE.CHECK.spend);
      // No key of the catalogue shows raw.
      expect(document.body.textContent).not.toMatch(/AGENTIC(_LIVE)?\.[A-Z]/);
    });
  }

  it('a refused call’s card says the code and the refusal, and unfolds its failed check with both values', () => {
    initI18nWith('en-US', en);
    const { getByTestId } = render(
      <ol>
        <AgentCallCard call={REFUSED} />
      </ol>,
    );
    expect(getByTestId('agent-refusal').textContent).toBe(`THRESHOLD_EXCEEDED ${en.AGENTIC.ERRORS.THRESHOLD_EXCEEDED}`);
    const checks = getByTestId('agent-checks');
    expect(checks.closest('details')!.open).toBe(true);
    expect(checks.textContent).toContain('15000');
    expect(checks.textContent).toContain('18000');
  });
});
