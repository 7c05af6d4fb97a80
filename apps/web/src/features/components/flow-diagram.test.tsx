// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import components from '@c2p/domain/components-locales/en-US' with { type: 'json' };
import en from '@c2p/domain/locales/en-US';
import { initI18nWith } from '../../lib/i18n';
import { FlowDiagram } from './flow-diagram';

afterEach(cleanup);

/** Each row's name and its steps, the highlighted one marked with a star. */
function rows(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.flow-diagram__row')].map((row) => {
    const name = row.querySelector('.flow-diagram__use-case')!.textContent;
    const steps = [...row.querySelectorAll('.flow-diagram__step')].map(
      (step) => `${step.firstChild!.textContent}${step.classList.contains('flow-diagram__step--here') ? '*' : ''}`,
    );
    return `${name}: ${steps.join(' > ')}`;
  });
}

describe('the flow a component page sits in', () => {
  it('a Click to Pay call shows the three use cases', () => {
    initI18nWith('en-US', { ...en, ...components });
    const { container } = render(<FlowDiagram step="payload" />);
    expect(rows(container)).toHaveLength(3);
    expect(rows(container)[0]).toBe(
      'Returning recognised user: Initialise > Card list > Checkout > Fetch payload* > Confirmation',
    );
  });

  it('an agentic step shows the agent’s two stories, not the shopper’s checkout', () => {
    initI18nWith('en-US', { ...en, ...components });
    const { container } = render(<FlowDiagram step="agentCredentials" />);
    expect(rows(container)).toEqual([
      'An agent buys this cart: Link a card to the agent > Agent-facing checkout > Shopper approves the cart (L2) > Network checks the chain* > Shop checks and places the order',
      'An agent buys within limits: Link a card to the agent > Shopper approves limits (L2) > Agent-facing checkout > Network checks the chain* > Shop checks and places the order',
    ]);
  });
});
