import { defaultCheckoutConfiguration, detectCardBrand, lastFour, type Product } from '@c2p/domain';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { storeConfiguration } from '../../../lib/click-to-pay/settings';
import { TEST_ADDRESS, tourShopper } from '../../../lib/test-shopper';
import { useProducts } from '../../products';
import { AgentStory, INITIAL_STATE, type StoryState } from './agent-story';

/** The tour's shopper and the card they link to the agent: the configured test contact and test card. */
export function tourAgentShopper() {
  const { cardNumber } = storeConfiguration().testDataCardDetails;
  const digits = cardNumber.replace(/\D/g, '');
  return {
    email: tourShopper('agent', 1).email,
    brand: detectCardBrand(digits),
    lastFour: lastFour(digits),
  };
}

const noChange = () => () => undefined;

/**
 * The page's story: the stand-ins and the agent, made once the catalogue the shop prices from is
 * loaded (its keys are made then, in memory only: a reload starts the story again). `run` does one
 * step, one at a time.
 */
export function useAgentStory(): {
  story: AgentStory | undefined;
  state: StoryState;
  products: readonly Product[];
  busy: boolean;
  run(step: (story: AgentStory) => unknown): void;
} {
  const { products } = useProducts();
  const [story, setStory] = useState<AgentStory>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (products.length === 0) return;
    let current = true;
    const shopper = tourAgentShopper();
    const { dpaData, srciEnv } = defaultCheckoutConfiguration();
    void AgentStory.create({
      origin: window.location.origin,
      merchantName: dpaData.dpaName,
      merchantId: srciEnv.dpaId,
      products,
      shopper: { id: 'tour-shopper', email: shopper.email },
      card: { id: `tour-card-${shopper.lastFour}`, brand: shopper.brand, lastFour: shopper.lastFour },
      shipping: { address: TEST_ADDRESS, saveAsBillingAddress: true, contact: { type: 'email', email: shopper.email } },
    }).then((made) => {
      if (current) setStory(made);
    });
    return () => {
      current = false;
    };
  }, [products]);
  const state = useSyncExternalStore(story?.subscribe ?? noChange, () => story?.state ?? INITIAL_STATE);
  const run = useCallback(
    (step: (story: AgentStory) => unknown) => {
      if (!story || busy) return;
      setBusy(true);
      void Promise.resolve(step(story)).finally(() => setBusy(false));
    },
    [story, busy],
  );
  return { story, state, products, busy, run };
}
