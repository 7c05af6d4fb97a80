export {
  networkSandbox,
  DEFAULT_BROWSER_DIR,
  DEFAULT_UI_KIT_DIR,
  type NetworkApiDescription,
  type NetworkSandboxOptions,
} from './plugin.ts';
export { SANDBOX_CONSUMERS, SANDBOX_NEW_CARDS, SANDBOX_OTP } from './test-data.ts';
export { buildPayload } from './server/network-api.ts';
export { removeOnboardedClients } from './server/client-lifetime.ts';
export type { OnboardedClient } from './server/oauth.ts';
export { installmentOffer, type InstallmentPlan } from './server/sdk-api.ts';
export * as sandboxSchema from './store/schema.ts';
export {
  guardRoutesByCaller,
  declaredCallers,
  type CallerGuard,
  type CallerGuards,
  type DeclaredRoute,
} from './server/callers.ts';
export { ownOrigins, type OwnOrigins } from './server/origins.ts';
export type { SigningAgent } from './server/agent-pay/agent-requests.ts';
