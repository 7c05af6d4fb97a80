// @vitest-environment jsdom
import { cleanup, render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentOrder } from '@c2p/domain';
import ar from '@c2p/domain/locales/ar-EG';
import en from '@c2p/domain/locales/en-US';
import fr from '@c2p/domain/locales/fr-FR';
import { initI18nWith } from '../../lib/i18n';
import { AgentOrderDetails } from './agent-order';

afterEach(cleanup);

const SD_HASH = 'q3lYcT9qhc0fcf3ljrvW8CZs8ZLlfrb0bqHQn7k1kZk';
const AGENT: AgentOrder = {
  initiatedBy: 'AGENT',
  program: 'AGENT_PAY',
  agent: { agentId: 'a1', name: 'Errand agent', keyid: 'poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U' },
  mode: 'autonomous',
  checkoutId: 'c1',
  checks: [
    {
      layer: 'request',
      name: 'nonce',
      outcome: 'pass',
      compared: { relation: 'present', expected: 'unused', actual: 'n-1' },
    },
    {
      layer: 'L2',
      name: 'sd_hash',
      outcome: 'pass',
      compared: { relation: 'equals', expected: SD_HASH, actual: SD_HASH },
    },
    { layer: 'L3b', name: 'final_values', outcome: 'pass' },
    {
      layer: 'payload',
      name: 'amount',
      outcome: 'fail',
      code: 'TRANSACTION_MISMATCH',
      compared: { relation: 'equals', expected: '49.99 USD', actual: '1.00 USD' },
    },
  ],
  layers: [
    {
      layer: 'L1',
      header: { alg: 'ES256', typ: 'sd+jwt' },
      payload: {},
      disclosures: [],
      claims: { pan_last_four: '4242' },
    },
  ],
};

describe('an agent’s order as the shopper sees it', () => {
  for (const [code, catalogue] of [
    ['en-US', en],
    ['fr-FR', fr],
    ['ar-EG', ar],
  ] as const) {
    it(`${code}: says it is agent-initiated and shows each check with both values, left to right`, () => {
      initI18nWith(code, catalogue);
      const { getByTestId } = render(<AgentOrderDetails agent={AGENT} />);
      const shown = getByTestId('agent-order');
      expect(shown.textContent).toContain(catalogue.AGENTIC.ORDER.INITIATED);
      expect(shown.textContent).toContain(catalogue.AGENTIC.ORDER.MODE_AUTONOMOUS);
      const hashCheck = [...shown.querySelectorAll('li')].find((li) =>
        li.textContent?.includes(catalogue.AGENTIC.CHECK.sd_hash),
      )!;
      const values = within(hashCheck).getAllByText(SD_HASH);
      expect(values).toHaveLength(2);
      for (const value of values) expect(value.getAttribute('dir')).toBe('ltr');
      // A check the catalogue has no words for is named by its identifier, never by a catalogue key.
      expect(shown.textContent).toContain('final_values');
      expect(shown.textContent).not.toContain('AGENTIC.');
      expect(shown.textContent).toContain(catalogue.AGENTIC.ERRORS.TRANSACTION_MISMATCH);
      expect(shown.querySelector('pre')?.getAttribute('dir')).toBe('ltr');
    });
  }
});
