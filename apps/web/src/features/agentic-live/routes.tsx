// The live tool's agentic checkout (issue 39), a chunk of its own: the agentic library loads on it only.
export { default as AgenticCheckoutPage } from './agentic-checkout-page';
