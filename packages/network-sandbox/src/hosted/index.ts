// The hosted checkout script (srciEnv.hostedCheckoutScriptSrc, spec section 4): the SDK, whose
// checkoutWithInstallments without a card opens the network's own window with the card choice and
// the plans (issue 14). Served at /sandbox/srci/integration/2/hosted-checkout.js.
import { enableHostedCheckout } from '../sdk/index.ts';

enableHostedCheckout();
