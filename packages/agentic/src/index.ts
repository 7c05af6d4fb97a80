export { AGENTIC_ERRORS, agenticError, type AgenticError, type AgenticErrorCode } from './errors.ts';
export { generateEd25519KeyPair, generateEs256KeyPair, publicJwkOf, type KeyPair, type SigningKey } from './keys.ts';
export { sha256Base64url } from './sha256.ts';
export {
  decodeDisclosure,
  encodeDisclosure,
  randomSalt,
  type Disclosure,
  type SaltSource,
} from './sd-jwt/disclosure.ts';
export { parseSdJwt, presentation, type SdJwt } from './sd-jwt/sd-jwt.ts';
export { resolveClaims } from './sd-jwt/resolve.ts';

export { CLOCK_SKEW_SECONDS, CONSTRAINT, MAX_LIFETIME_SECONDS, TYP, VCT } from './vi/constants.ts';
export type * from './vi/types.ts';
export {
  allowedMerchants,
  allowedPayees,
  amountRange,
  budget,
  lineItems,
  paymentReference,
  sameParty,
} from './vi/constraints.ts';
export type { IssueOptions, IssuedSdJwt } from './vi/issue.ts';
export { issueCardCredential, type CardCredentialClaims } from './vi/issue-l1.ts';
export {
  issueAutonomousMandate,
  issueImmediateMandate,
  type AutonomousMandateInput,
  type ImmediateMandateInput,
} from './vi/issue-l2.ts';
export {
  issueCheckoutCredential,
  issuePaymentCredential,
  type CheckoutCredentialInput,
  type PaymentCredentialInput,
} from './vi/issue-l3.ts';
export { checkoutPresentation, paymentPresentation } from './vi/presentations.ts';
export { readCheckoutJwt, signCheckoutJwt, type CheckoutContents, type CheckoutFacts } from './vi/checkout-jwt.ts';

export type { Check, Comparison, DecodedLayer, Layer, Relation, VerificationReport } from './verify/report.ts';
export type { ChainOptions, IssuerKeyLookup } from './verify/verify-l1.ts';
export type { MandateExpectations } from './verify/verify-l2.ts';
export type { AgentCredentialExpectations } from './verify/verify-l3.ts';
export type { MerchantIdentity } from './verify/chain.ts';
export { verifyMandate, type MandateCheckOptions, type MandateFacts } from './verify/verify-mandate.ts';
export {
  verifyPaymentCredential,
  type PaymentCredentialOptions,
  type PaymentFacts,
} from './verify/verify-payment-credential.ts';
export {
  verifyCheckoutCredential,
  type CheckoutCredentialOptions,
  type CheckoutCredentialFacts,
} from './verify/verify-checkout-credential.ts';
export { checkConstraints, checkAllowedParty, checkAmountRange, type Fulfillment } from './verify/constraint-checks.ts';
export { checkLineItems } from './verify/line-items-check.ts';
export type { ConstraintOutcome } from './verify/constraint-outcome.ts';
export { decideSpend, spendRuleOf, type Spend, type SpendDecision, type SpendRule } from './spend-rule.ts';

export {
  AGENT_SIGNATURE_TAGS,
  memoryNonceRecord,
  signAgentRequest,
  verifyAgentRequest,
  type AgentRequestSigner,
  type AgentRequestVerdict,
  type AgentRequestVerifierOptions,
  type AgentSignatureTag,
  type SignAgentRequestOptions,
} from './http-signatures/agent-request.ts';
export { contentDigest, contentDigestMatches } from './http-signatures/content-digest.ts';
export { signMessage, verifyMessage, type HttpRequestParts } from './http-signatures/message-signature.ts';
