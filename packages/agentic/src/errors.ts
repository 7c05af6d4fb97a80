/**
 * Every reason the agentic checks refuse something, with the message an API answer carries. The web
 * app shows these through its locale catalogues, keyed by code; the messages here are for API bodies
 * and logs. THRESHOLD_EXCEEDED and CURRENCY_MISMATCH are Visa Intelligent Commerce's names; the rest
 * are ours.
 */
export const AGENTIC_ERRORS = {
  // Reading and signatures
  CREDENTIAL_MALFORMED:
    'The credential could not be read: it is not a well-formed SD-JWT with the claims its layer requires.',
  UNSUPPORTED_ALGORITHM: 'The credential is not signed with ES256.',
  WRONG_TYPE: 'The credential has the wrong type (typ or vct) for its layer.',
  ISSUER_UNKNOWN: "The issuer's signing key is not known.",
  SIGNATURE_INVALID: 'The signature does not verify with the expected key.',
  DISCLOSURE_INVALID: 'A selective disclosure is malformed, repeated or not referenced by the credential.',
  // Bindings between layers
  SD_HASH_MISMATCH: 'The credential is not bound to the credential it was presented with (sd_hash).',
  CHECKOUT_HASH_MISMATCH: 'The checkout hash does not match the checkout it names.',
  TRANSACTION_MISMATCH: 'The payment and the checkout name different transactions or amounts.',
  REFERENCE_MISMATCH: 'The payment mandate does not reference its checkout mandate.',
  AGENT_KEY_MISMATCH: 'The agent key is not the one the shopper delegated to.',
  TOKEN_MISMATCH: 'The payment instrument is not the one this mandate was approved for.',
  // Time
  NOT_YET_VALID: 'The credential was issued in the future.',
  CREDENTIAL_EXPIRED: 'The credential has expired.',
  MANDATE_EXPIRED: "The shopper's mandate has expired.",
  LIFETIME_TOO_LONG: 'The credential is valid for longer than its layer allows.',
  // Audience
  AUDIENCE_MISMATCH: 'The credential was made for another recipient.',
  NONCE_MISMATCH: 'The credential does not carry the expected nonce.',
  // The mandate and what is bought
  MANDATE_INVALID: "The shopper's mandate is incomplete or inconsistent.",
  UNKNOWN_CONSTRAINT: 'The mandate carries a constraint this verifier cannot enforce.',
  THRESHOLD_EXCEEDED: "The amount exceeds the mandate's limit.",
  AMOUNT_BELOW_MINIMUM: "The amount is below the mandate's minimum.",
  CURRENCY_MISMATCH: "The currency is not the mandate's currency.",
  MERCHANT_NOT_ALLOWED: 'The merchant is not one the shopper allowed.',
  ITEM_NOT_ALLOWED: 'An item or quantity is not one the shopper allowed.',
  CHECKOUT_INVALID: 'The checkout was not issued by this merchant.',
  CREDENTIAL_REPLAYED: 'This credential, or this single-use mandate, has already been used.',
  TOKEN_REVOKED: 'The agent token has been revoked.',
  PAYLOAD_INVALID: 'The payment payload could not be decrypted or read.',
  // Agent request signatures (RFC 9421)
  REQUEST_UNSIGNED: 'The request carries no agent signature.',
  REQUEST_SIGNATURE_MALFORMED: 'The request signature headers could not be read.',
  REQUEST_SIGNATURE_INVALID: 'The request signature does not verify with the agent key.',
  REQUEST_SIGNATURE_EXPIRED: 'The request signature has expired.',
  REQUEST_SIGNATURE_NOT_YET_VALID: 'The request signature was created in the future.',
  REQUEST_SIGNATURE_TOO_LONG: 'The request signature is valid for longer than allowed.',
  REQUEST_SIGNATURE_INCOMPLETE: 'The request signature lacks a required parameter or covered component.',
  NONCE_MISSING: 'The request signature carries no nonce.',
  NONCE_REPLAYED: 'The request signature nonce has been used before.',
  AGENT_UNKNOWN: 'The agent key is not in the agent directory.',
  TAG_NOT_ALLOWED: 'The request signature is not for this kind of request.',
  CONTENT_DIGEST_MISMATCH: 'The request body does not match its signed digest.',
} as const;

export type AgenticErrorCode = keyof typeof AGENTIC_ERRORS;

export interface AgenticError {
  readonly code: AgenticErrorCode;
  readonly message: string;
}

export function agenticError(code: AgenticErrorCode): AgenticError {
  return { code, message: AGENTIC_ERRORS[code] };
}
