import type { Product } from '@c2p/domain';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { storeConfiguration } from '../../lib/click-to-pay/settings';
import { TEST_ADDRESS } from '../../lib/test-shopper';
import { useDcfWindow } from '../checkout';
import { useProducts } from '../products';
import { INITIAL_LIVE_STATE, LiveStory, type LiveState, type NetworkWindows, type StoryKind } from './live-story';
import { loadNetworkSdk, type NetworkSdk } from './network-sdk';

/** The configured test contact: the order's contact (the order joins the account the network's L1 names). */
export function liveContactEmail(): string {
  return storeConfiguration().testDataContactDetails[0]?.emailId ?? 'returning.user@example.com';
}

const noChange = () => () => undefined;

/**
 * The live tool's state: the network's SDK (loaded and initialised once), the frame its windows
 * open in, the catalogue, and the story chosen (a new agent each time: its keys live in memory only).
 */
export function useLiveStory(kind: StoryKind) {
  const { products } = useProducts();
  const [sdk, setSdk] = useState<NetworkSdk>();
  const [failed, setFailed] = useState<string>();
  const [story, setStory] = useState<LiveStory>();
  const dcf = useDcfWindow('iframe');
  const dcfRef = useRef(dcf);
  dcfRef.current = dcf;

  useEffect(() => {
    let live = true;
    loadNetworkSdk().then(
      (loaded) => live && setSdk(loaded),
      (error: unknown) => live && setFailed(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      live = false;
    };
  }, []);

  /** Runs an SDK window method in the page's frame, closed once it answers. */
  const inWindow = useCallback(
    async <T>(method: string, params: Record<string, unknown> = {}): Promise<T> => {
      const opened = dcfRef.current.open();
      try {
        return await sdk!.call<T>(method, { ...params, windowRef: opened.windowRef });
      } finally {
        opened.close();
      }
    },
    [sdk],
  );

  useEffect(() => {
    if (!sdk || products.length === 0) return;
    const windows: NetworkWindows = {
      enrolAgent: (agentId) => inWindow('enrolAgent', { agentId }),
      approveMandate: (mandateRequestId) => inWindow('approveMandate', { mandateRequestId }),
      manageAgents: () => inWindow('manageAgents'),
    };
    const email = liveContactEmail();
    setStory(
      new LiveStory({
        networkBase: sdk.networkBase,
        shopBase: window.location.origin,
        transactionId: sdk.transactionId,
        windows,
        shipping: { address: TEST_ADDRESS, saveAsBillingAddress: true, contact: { type: 'email', email } },
        otherShop: { active: false, products },
      }),
    );
  }, [sdk, products, kind, inWindow]);

  const state: LiveState = useSyncExternalStore(
    story?.subscribe ?? noChange,
    story?.getState ?? (() => INITIAL_LIVE_STATE),
  );
  return { story, state, products: products as readonly Product[], failed, dcf, inWindow };
}
