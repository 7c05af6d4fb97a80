/**
 * Verifiable Intent v0.1 identifiers, as the reference SDK and its test vectors write them. The
 * specification's prose registers unversioned names (`mandate.checkout`, `payment.amount`); the SDK
 * and vectors use versioned VCTs and `mandate.*` constraint types, and we follow the vectors.
 */
export const VCT = {
  card: 'https://credentials.mastercard.com/card',
  checkoutOpen: 'mandate.checkout.open.1',
  paymentOpen: 'mandate.payment.open.1',
  checkout: 'mandate.checkout.1',
  payment: 'mandate.payment.1',
} as const;

export const TYP = {
  l1: 'sd+jwt',
  l2Immediate: 'kb-sd-jwt',
  l2Autonomous: 'kb-sd-jwt+kb',
  l3: 'kb-sd-jwt',
} as const;

export const CONSTRAINT = {
  amountRange: 'mandate.payment.amount_range',
  allowedPayees: 'mandate.payment.allowed_payees',
  budget: 'mandate.payment.budget',
  reference: 'mandate.payment.reference',
  recurrence: 'mandate.payment.recurrence',
  agentRecurrence: 'mandate.payment.agent_recurrence',
  allowedMerchants: 'mandate.checkout.allowed_merchants',
  lineItems: 'mandate.checkout.line_items',
} as const;

export const SD_ALG = 'sha-256';

/** Clock skew every time check tolerates (credential-format §3.5, §4.7, §5.7). */
export const CLOCK_SKEW_SECONDS = 300;

/** Maximum lifetimes, exp − iat (credential-format §7). A year is taken as 366 days so leap years pass. */
export const MAX_LIFETIME_SECONDS = {
  l1: 366 * 24 * 3600,
  l2Immediate: 15 * 60,
  l2Autonomous: 30 * 24 * 3600,
  l3: 3600,
} as const;
