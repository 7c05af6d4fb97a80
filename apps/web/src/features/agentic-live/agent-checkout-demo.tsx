import './agentic-live.css';
import { sdkScriptUrl } from '@c2p/domain';
import { useRef, useState } from 'react';
import { checkoutConfiguration, hostedCheckoutEnabled } from '../../lib/click-to-pay/settings';
import { currentLocale, useTranslation } from '../../lib/i18n';
import { AgentCallCard, AgentRun, useAgentRun } from '../agentic';
import { JsonDemoForm } from '../../components/form/json-demo-form';
import { networkBaseOf } from './network-sdk';

const DEMO_AGENT_NAME = 'Component page agent';

export const AGENT_CHECKOUT_INPUT = { signed: true, items: [{ productId: 1, quantity: 1 }] };

/** A new agent for the page, registered at the network the configuration's SDK comes from (its keys in memory only). */
function newRun(): AgentRun {
  const url = sdkScriptUrl(checkoutConfiguration(), currentLocale(), hostedCheckoutEnabled());
  const origin = window.location.origin;
  return new AgentRun({ name: DEMO_AGENT_NAME, networkBase: networkBaseOf(url, origin), shopBase: origin });
}

/**
 * The agent-facing checkout's live demo (issue 39): an agent, registered at the network, asks the
 * shop to price and sign a cart; signed, the shop answers the checkout; unsigned, it says to sign.
 */
export default function AgentCheckoutDemo() {
  const { t } = useTranslation();
  const run = useRef<AgentRun>(undefined);
  run.current ??= newRun();
  const { calls, busy } = useAgentRun(run.current);
  const [failed, setFailed] = useState<string>();
  const submit = async (input: Record<string, unknown>) => {
    const current = run.current!;
    setFailed(undefined);
    try {
      if (!current.agent.state.keyid) await current.step((agent) => agent.register());
      const items = Array.isArray(input.items) ? (input.items as { productId: number; quantity: number }[]) : [];
      if (input.signed === false) {
        await current.step((agent) =>
          agent.send({
            step: 'call',
            lane: 'merchant',
            purpose: 'CREATE_CHECKOUT',
            method: 'POST',
            url: `${window.location.origin}/api/agent/checkouts`,
            body: { items },
          }),
        );
      } else await current.step((agent) => agent.buildCart(items));
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="component-demo" data-testid="agent-checkout-demo">
      <JsonDemoForm
        pageKey="AGENT_CHECKOUT"
        initial={AGENT_CHECKOUT_INPUT}
        running={busy}
        onRun={(input) => void submit(input)}
      />
      {failed !== undefined && (
        <p role="alert" className="field__error">
          {failed}
        </p>
      )}
      <section aria-labelledby="demo-calls" aria-live="polite" className="agentic-demo__result">
        <h3 id="demo-calls">{t('COMPONENTS.CALLS_TITLE')}</h3>
        {calls.length === 0 ? (
          <p>{t('COMPONENTS.NO_CALLS')}</p>
        ) : (
          <ol className="agentic-calls" data-testid="demo-response">
            {calls.map((call, index) => (
              <AgentCallCard key={index} call={call} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
