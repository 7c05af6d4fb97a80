// The sandbox's tables. Every name starts with `sandbox_` so they sit beside the shop's tables in
// one database without clashing; the sandbox never reads the shop's tables.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A random uuid key. */
const randomId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was made. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The SDK session a row belongs to: it ends with the session. */
const sessionTokenHash = () =>
  text('session_token_hash')
    .notNull()
    .references(() => sandboxSdkSessions.tokenHash, { onDelete: 'cascade' });

/** The network's RSA keys, generated at first start (one row per purpose). */
export const sandboxKeys = pgTable('sandbox_keys', {
  purpose: text('purpose', {
    enum: ['fpan-encryption', 'payload-verification', 'identity-verification', 'agentic-issuer'],
  }).primaryKey(),
  kid: text('kid').notNull().unique(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Click to Pay profiles. */
export const sandboxConsumers = pgTable('sandbox_consumers', {
  id: randomId(),
  email: text('email').notNull().unique(),
  /** Country code without the plus, e.g. `1`. */
  mobileCountryCode: text('mobile_country_code'),
  mobileNumber: text('mobile_number'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  countryCode: text('country_code').notNull().default('US'),
  /** A locked profile answers ACCT_INACCESSIBLE (the seeded locked consumer); wrong codes never lock one. */
  locked: boolean('locked').notNull().default(false),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
});

/** Cards: enrolled in a profile (consumer set) or checked out as a guest (consumer null). */
export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    /** The network's srcDigitalCardId: 22 base64url characters then `000000000000US`. */
    srcDigitalCardId: text('src_digital_card_id').primaryKey(),
    srcPaymentCardId: uuid('src_payment_card_id').notNull().defaultRandom(),
    consumerId: uuid('consumer_id').references(() => sandboxConsumers.id, { onDelete: 'cascade' }),
    /** Test cards only: the sandbox keeps the number to build the payload. */
    primaryAccountNumber: text('primary_account_number').notNull(),
    expirationMonth: text('expiration_month').notNull(),
    /** Four digits. */
    expirationYear: text('expiration_year').notNull(),
    cardholderName: text('cardholder_name'),
    brand: text('brand').notNull(),
    cardType: text('card_type').notNull().default('CREDIT'),
    /** What the checkout API answers: the card number (PAN) or a network token and cryptogram (TOKEN). */
    payloadKind: text('payload_kind', { enum: ['PAN', 'TOKEN'] }).notNull(),
    /** The network token (DPAN) of a TOKEN card. */
    paymentToken: text('payment_token'),
    paymentAccountReference: text('payment_account_reference').notNull(),
    descriptorName: text('descriptor_name').notNull(),
    billingAddress: jsonb('billing_address').$type<Record<string, string>>(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_cards_consumer_idx').on(table.consumerId)],
);

/** One SDK instance after init: the merchant page's conversation with the network. */
export const sandboxSdkSessions = pgTable(
  'sandbox_sdk_sessions',
  {
    /** SHA-256 of the session token the SDK holds. */
    tokenHash: text('token_hash').primaryKey(),
    srcDpaId: text('src_dpa_id').notNull(),
    /** The origin of the page that called init (its Origin header): the only one the DCF answers or is framed by. */
    origin: text('origin'),
    /** SHA-256 of the caller's address, to limit how many sessions one address opens per minute. */
    clientHash: text('client_hash'),
    init: jsonb('init').$type<Record<string, unknown>>().notNull(),
    /** The consumer named by the last idLookup (null for a new consumer). */
    lookupConsumerId: uuid('lookup_consumer_id').references(() => sandboxConsumers.id, { onDelete: 'set null' }),
    lookupIdentity: jsonb('lookup_identity').$type<Record<string, unknown>>(),
    /**
     * The consumer this session is signed in as (a code, a passkey, a recognition token, a checkout
     * completed), for the browser that proved it alone: see consumerBrowserHash.
     */
    consumerId: uuid('consumer_id').references(() => sandboxConsumers.id, { onDelete: 'set null' }),
    /** SHA-256 of the sign-in cookie given to the browser that signed the consumer in (sdk-api/consumer-proof.ts). */
    consumerBrowserHash: text('consumer_browser_hash'),
    /** How the consumer proved the profile in this session (a code or a passkey), and when: assurance data names it. */
    verification: jsonb('verification').$type<{ method: 'OTP' | 'PASSKEY'; at: string }>(),
    /** The device (remember me or recognition token) that recognised the consumer. */
    deviceId: uuid('device_id'),
    /**
     * The session's srcCorrelationId (getSrcProfile answers it, checkout keeps it): it links the
     * SDK's calls to the merchant's API calls. Null for sessions older than the column.
     */
    correlationId: text('correlation_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sandbox_sessions_client_idx').on(table.clientHash, table.createdAt),
    index('sandbox_sessions_expires_idx').on(table.expiresAt),
  ],
);
export type SessionRow = typeof sandboxSdkSessions.$inferSelect;

/** One-time codes sent to a consumer. The code is fixed in the sandbox; its hash is kept anyway. */
export const sandboxOtpChallenges = pgTable(
  'sandbox_otp_challenges',
  {
    id: randomId(),
    sessionTokenHash: sessionTokenHash(),
    consumerId: uuid('consumer_id')
      .notNull()
      .references(() => sandboxConsumers.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['EMAIL_ADDRESS', 'MOBILE_PHONE_NUMBER'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_otp_session_idx').on(table.sessionTokenHash)],
);
export type ChallengeRow = typeof sandboxOtpChallenges.$inferSelect;

/**
 * Wrong one-time codes counted per caller (an SDK session, a browser, an address: the key's hash),
 * so that guessing slows and then stops for the guesser, for a while, and never locks the profile.
 */
export const sandboxCodeFailures = pgTable('sandbox_code_failures', {
  keyHash: text('key_hash').primaryKey(),
  failures: integer('failures').notNull().default(0),
  /** When the count started; it starts again once the period is over. */
  since: timestamp('since', { withTimezone: true }).notNull(),
});

/** Remembered devices: the remember-me cookie and the recognition tokens (appInstanceId = id). */
export const sandboxDevices = pgTable('sandbox_devices', {
  id: randomId(),
  consumerId: uuid('consumer_id')
    .notNull()
    .references(() => sandboxConsumers.id, { onDelete: 'cascade' }),
  /** SHA-256 of the cookie value; null for a device known only by recognition tokens. */
  cookieHash: text('cookie_hash').unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
export type DeviceRow = typeof sandboxDevices.$inferSelect;

/** Merchants (DPAs) and the public key their payloads are encrypted to. */
export const sandboxDpas = pgTable('sandbox_dpas', {
  srcDpaId: text('src_dpa_id').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  /** The SRC client that registered the key first: only it may replace the key or fetch payloads. */
  clientId: text('client_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type DpaRow = typeof sandboxDpas.$inferSelect;

/** A checkout: opened by the SDK, decided in the DCF, its payload fetched by the merchant server. */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    /** Random capability id the DCF page is opened with. */
    id: text('id').primaryKey(),
    sessionTokenHash: sessionTokenHash(),
    srcDpaId: text('src_dpa_id').notNull(),
    kind: text('kind', { enum: ['CARD', 'NEW_CARD', 'INSTALLMENTS'] }).notNull(),
    srcDigitalCardId: text('src_digital_card_id').references(() => sandboxCards.srcDigitalCardId),
    consumerId: uuid('consumer_id').references(() => sandboxConsumers.id, { onDelete: 'set null' }),
    /** The merchant page's origin, the only one the DCF answers. */
    merchantOrigin: text('merchant_origin').notNull(),
    /** Request fields: dpaTransactionOptions, rememberMe, consumer, installment plan, ... */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    status: text('status', {
      enum: ['PENDING', 'COMPLETE', 'CANCEL', 'CHANGE_CARD', 'ADD_CARD', 'SWITCH_CONSUMER', 'ERROR'],
    })
      .notNull()
      .default('PENDING'),
    srcCorrelationId: text('src_correlation_id'),
    merchantTransactionId: text('merchant_transaction_id').unique(),
    flowId: text('flow_id'),
    /** What the SDK resolves with once the DCF has answered. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_checkouts_correlation_idx').on(table.srcCorrelationId)],
);
export type CheckoutRow = typeof sandboxCheckouts.$inferSelect;

/**
 * A network window (the DCF, the code screen, the hosted form) opened by a merchant page. The page
 * gets the grant and hands it to the window by postMessage; the window trades it, once and within
 * minutes, for its own token, and only if its opener is the page that made the session.
 */
export const sandboxWindows = pgTable(
  'sandbox_windows',
  {
    /** Random public id, in the window's URL (it only says who may frame the window). */
    id: text('id').primaryKey(),
    sessionTokenHash: sessionTokenHash(),
    kind: text('kind', { enum: ['CHECKOUT', 'CODE', 'HOSTED', 'AGENT_ENROL', 'MANDATE', 'AGENT_MANAGE'] }).notNull(),
    /** The checkout the window answers (CHECKOUT), or the one it opened itself (HOSTED). */
    checkoutId: text('checkout_id').references(() => sandboxCheckouts.id, { onDelete: 'cascade' }),
    /** What the page asked of the window (a recognition token, the hosted form's options). */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of the grant the opener hands the window. */
    grantHash: text('grant_hash').notNull(),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }).notNull(),
    /** SHA-256 of the token the window got for the grant: null until then. */
    tokenHash: text('token_hash').unique(),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_windows_session_idx').on(table.sessionTokenHash)],
);

/** Payment passkeys (WebAuthn credentials) of a profile, one row per credential, at one relying party id. */
export const sandboxPasskeys = pgTable(
  'sandbox_passkeys',
  {
    /** The credential id (base64url), as the authenticator names it. */
    credentialId: text('credential_id').primaryKey(),
    consumerId: uuid('consumer_id')
      .notNull()
      .references(() => sandboxConsumers.id, { onDelete: 'cascade' }),
    /** The relying party id it was made for: the sandbox's host as the window saw it. */
    rpId: text('rp_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter: it must grow at every use (0 when it keeps none). */
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * SHA-256 of the passkey-device cookies of the browsers it was made or used in: the network offers
     * a passkey "if a payment passkey exists for the current device" (sdk-api/passkey-device.ts).
     */
    deviceHashes: jsonb('device_hashes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_passkeys_consumer_idx').on(table.consumerId, table.rpId)],
);

/** WebAuthn challenges a window asked for: each good once, for its window, origin and purpose. */
export const sandboxWebauthnChallenges = pgTable('sandbox_webauthn_challenges', {
  /** The challenge itself (base64url, 32 random bytes). */
  challenge: text('challenge').primaryKey(),
  windowId: text('window_id')
    .notNull()
    .references(() => sandboxWindows.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['CREATE', 'SIGN_IN', 'CONFIRM', 'MANDATE'] }).notNull(),
  consumerId: uuid('consumer_id')
    .notNull()
    .references(() => sandboxConsumers.id, { onDelete: 'cascade' }),
  /** The origin and relying party id the answer must name. */
  origin: text('origin').notNull(),
  rpId: text('rp_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Confirmations the merchant sent after a checkout (section 10). */
export const sandboxConfirmations = pgTable('sandbox_confirmations', {
  id: randomId(),
  checkoutId: text('checkout_id').references(() => sandboxCheckouts.id, { onDelete: 'set null' }),
  srcCorrelationId: text('src_correlation_id').notNull(),
  body: jsonb('body').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Card-on-file merchant cards (section 12). */
export const sandboxMerchantCards = pgTable('sandbox_merchant_cards', {
  merchantCardId: uuid('merchant_card_id').primaryKey().defaultRandom(),
  srcDpaId: text('src_dpa_id').notNull(),
  srcDigitalCardId: text('src_digital_card_id')
    .notNull()
    .references(() => sandboxCards.srcDigitalCardId),
  merchantAccountId: text('merchant_account_id'),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
export type MerchantCardRow = typeof sandboxMerchantCards.$inferSelect;

/** The page origins a DPA lets use the SDK (CORS of /sandbox/api); none registered = the localhost default. */
export const sandboxDpaOrigins = pgTable(
  'sandbox_dpa_origins',
  {
    srcDpaId: text('src_dpa_id').notNull(),
    origin: text('origin').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.srcDpaId, table.origin] })],
);

/** Clients onboarded through POST /sandbox/clients: their OAuth consumer key and public signing key. */
export const sandboxClients = pgTable(
  'sandbox_clients',
  {
    clientId: text('client_id').primaryKey(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    /** Hash of the onboarding caller's address, for the per-address cap. */
    addressHash: text('address_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_clients_address_idx').on(table.addressHash, table.createdAt)],
);

/** The sandbox_cards row of a card on file: it goes with the card. */
const scofCardId = () =>
  text('src_digital_card_id').references(() => sandboxCards.srcDigitalCardId, { onDelete: 'cascade' });

/** The merchant client and its DPA a card on file, or its credentials, were issued to. */
const scofCaller = () => ({
  clientId: text('client_id').notNull(),
  srcDpaId: text('src_dpa_id').notNull(),
});

/**
 * Secure Card on File (reference section 12, current API): a card a merchant client enrolled for
 * one of its own accounts (consumer identity EXTERNAL_ACCOUNT_ID). The card itself is a row of
 * sandbox_cards (always tokenized); this is who may use it.
 */
export const sandboxScofCards = pgTable(
  'sandbox_scof_cards',
  {
    srcDigitalCardId: scofCardId().primaryKey(),
    ...scofCaller(),
    externalAccountId: text('external_account_id').notNull(),
    /** SHA-256 of the card number: the same card twice for one account is refused. */
    panHash: text('pan_hash').notNull(),
    srcCorrelationId: text('src_correlation_id').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('sandbox_scof_cards_account_card_idx')
      .on(table.clientId, table.srcDpaId, table.externalAccountId, table.panHash)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/** Transaction credentials issued for a SCOF card: each cryptogram is good for one card, merchant and amount. */
export const sandboxScofCredentials = pgTable(
  'sandbox_scof_credentials',
  {
    id: randomId(),
    srcDigitalCardId: scofCardId().notNull(),
    ...scofCaller(),
    /** Decimal string, as the request named it. */
    amount: text('amount').notNull(),
    currency: text('currency').notNull(),
    /** The payment's correlation id: its confirmation (section 10) names it. */
    srcCorrelationId: text('src_correlation_id').notNull(),
    /** SHA-256 of the cryptogram (the value itself travels only inside the encrypted payload). */
    cryptogramHash: text('cryptogram_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('sandbox_scof_credentials_card_idx').on(table.srcDigitalCardId),
    index('sandbox_scof_credentials_correlation_idx').on(table.srcCorrelationId),
  ],
);

// ---- the agentic checkout (issue 39; docs/decisions/027) ------------------------------------------

/** AI agents registered at the network (ours): the key they sign requests with and the key of their credentials. */
export const sandboxAgents = pgTable(
  'sandbox_agents',
  {
    id: randomId(),
    name: text('name').notNull(),
    /** RFC 7638 thumbprint of the Ed25519 signing key: the RFC 9421 `keyid`, and its id in the key directory. */
    keyid: text('keyid').notNull().unique(),
    signingJwk: jsonb('signing_jwk').$type<Record<string, unknown>>().notNull(),
    /** RFC 7638 thumbprint of the ES256 credential key: the `kid` of the agent's L3 credentials (L2 `cnf.kid`). */
    credentialKid: text('credential_kid').notNull(),
    credentialJwk: jsonb('credential_jwk').$type<Record<string, unknown>>().notNull(),
    /** Hash of the registering caller's address, for the per-address cap. */
    addressHash: text('address_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_agents_address_idx').on(table.addressHash, table.createdAt)],
);

/** RFC 9421 nonces agents signed with, kept until their signature expires: a replay to any instance is refused. */
export const sandboxAgentNonces = pgTable(
  'sandbox_agent_nonces',
  {
    keyid: text('keyid').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.keyid, table.nonce] }),
    index('sandbox_agent_nonces_expires_idx').on(table.expiresAt),
  ],
);

/**
 * Agentic tokens (ours): what a shopper let one agent pay with, one card of theirs, with a network
 * token of its own, and the shopper's key the network holds for it (L1 `cnf`), which signs their
 * mandates (L2) only after their passkey.
 */
export const sandboxAgenticTokens = pgTable(
  'sandbox_agentic_tokens',
  {
    id: text('id').primaryKey(),
    agentId: uuid('agent_id')
      .notNull()
      .references(() => sandboxAgents.id, { onDelete: 'cascade' }),
    consumerId: uuid('consumer_id')
      .notNull()
      .references(() => sandboxConsumers.id, { onDelete: 'cascade' }),
    srcDigitalCardId: text('src_digital_card_id')
      .notNull()
      .references(() => sandboxCards.srcDigitalCardId, { onDelete: 'cascade' }),
    /** The network token (DPAN) the agent's payments carry: not the card's Click to Pay token. */
    networkToken: text('network_token').notNull(),
    userKid: text('user_kid').notNull(),
    userPrivateJwk: jsonb('user_private_jwk').$type<Record<string, unknown>>().notNull(),
    /** The card credential (L1) issued with the token: no other goes with it, and the shopper's mandates bind to it. */
    l1: text('l1').notNull(),
    status: text('status', { enum: ['ACTIVE', 'REVOKED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sandbox_agentic_tokens_consumer_idx').on(table.consumerId)],
);

/** A mandate an agent asked for, and once the shopper approved it with their passkey, the L2 the network signed. */
export const sandboxMandates = pgTable(
  'sandbox_mandates',
  {
    /** The mandate request's id. */
    id: text('id').primaryKey(),
    agenticTokenId: text('agentic_token_id')
      .notNull()
      .references(() => sandboxAgenticTokens.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: ['IMMEDIATE', 'AUTONOMOUS'] }).notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'DECLINED'] })
      .notNull()
      .default('PENDING'),
    /** What the agent asked for: the checkout and its merchant, or the constraints, expiry and summary. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** The L2 being approved, unsigned: its signing input (header.payload) and disclosures. */
    draft: jsonb('draft').$type<{ signingInput: string; disclosures: string[] }>(),
    l2: text('l2'),
    /** The payment mandate's disclosure digest: how a presented L2 finds its record, and what spends count against. */
    mandateDigest: text('mandate_digest').unique(),
    /** The passkey assertion that approved it, kept as evidence. */
    approval: jsonb('approval').$type<Record<string, unknown>>(),
    /** Until when the shopper may approve it. */
    requestExpiresAt: timestamp('request_expires_at', { withTimezone: true }).notNull(),
    /** When the approved mandate ends (its L2 `exp`). */
    mandateExpiresAt: timestamp('mandate_expires_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_mandates_token_idx').on(table.agenticTokenId)],
);

/** What each mandate has spent (decideSpend's history): one row per credential the network released a payment for. */
export const sandboxMandateSpends = pgTable(
  'sandbox_mandate_spends',
  {
    /** The credential spent (an L3a's hash, or an immediate mandate's digest): never twice. */
    credentialId: text('credential_id').primaryKey(),
    mandateId: text('mandate_id')
      .notNull()
      .references(() => sandboxMandates.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    /** Minor units. */
    amount: integer('amount').notNull(),
    srcCorrelationId: text('src_correlation_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sandbox_mandate_spends_mandate_idx').on(table.mandateId)],
);
