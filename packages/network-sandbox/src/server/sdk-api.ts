// The internal JSON API the browser SDK and the DCF page talk to (documented in README.md).
// State lives in the database only, so any server instance can answer any call.
// One route file per area in ./sdk-api/, every query in ./sdk-api/repository.ts.
import type { FastifyInstance } from 'fastify';
import { checkoutActionRoutes } from './sdk-api/checkout-action.ts';
import { checkoutRoutes } from './sdk-api/checkout-routes.ts';
import { sdkContext, type SdkApiOptions } from './sdk-api/context.ts';
import { installmentsRoutes } from './sdk-api/installments.ts';
import { sessionRoutes } from './sdk-api/session-routes.ts';
import { codeWindowRoutes, validationRoutes } from './sdk-api/validation-routes.ts';
import { passkeyRoutes } from './sdk-api/passkeys.ts';
import { windowRoutes } from './sdk-api/windows.ts';
import { approvalRoutes } from './agent-pay/approval.ts';
import { agentWindowRoutes } from './agent-pay/enrolment.ts';

export {
  DEFAULT_INITS_PER_MINUTE,
  DEVICE_COOKIE,
  MAX_OTP_ATTEMPTS,
  SESSION_HEADER,
  type SdkApiOptions,
} from './sdk-api/context.ts';
export { installmentOffer, type InstallmentPlan } from './sdk-api/installments.ts';

export async function sdkApiRoutes(app: FastifyInstance, options: SdkApiOptions): Promise<void> {
  const ctx = sdkContext(options);
  sessionRoutes(app, ctx); // init, getCards, signOut
  validationRoutes(app, ctx); // idLookup, initiateValidation, validate
  installmentsRoutes(app); // isInstallmentsEligible
  checkoutRoutes(app, ctx); // the checkouts, what the DCF shows, their results
  checkoutActionRoutes(app, ctx); // the DCF's answer
  windowRoutes(app, ctx); // the network's windows: opened for the page that asked, by its grant
  codeWindowRoutes(app, ctx); // authenticate's code, typed in the network's window
  passkeyRoutes(app, ctx); // payment passkeys in those windows (WebAuthn)
  agentWindowRoutes(app, ctx); // the agentic windows: enrolling an agent, managing one's agents
  approvalRoutes(app, ctx); // the agentic window approving a mandate
}
