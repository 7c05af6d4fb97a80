import { lazy } from 'react';

// The agentic component pages' live demos (issue 39), each a chunk of its own: the agentic
// library loads with them, not with the component pages.
export const AgentCheckoutDemo = lazy(() => import('./agent-checkout-demo'));
export const MandateChainDemo = lazy(() => import('./mandate-chain-demo'));
