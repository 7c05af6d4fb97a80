import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import type { Address, AgentOrder, Contact, LocaleCode, OrderPayment, SupportedCardBrand } from '@c2p/domain';

/** A text in each of the product's languages. */
export type LocalizedText = Record<LocaleCode, string>;

/** A shopper's communication preferences (settings area). */
export interface UserPreferences {
  emailOffers: boolean;
  smsOffers: boolean;
  orderUpdates: boolean;
}

type ClickToPayOrderPayment = Extract<OrderPayment, { method: 'click-to-pay' }>;

/**
 * What an order keeps of its payment. A Click to Pay order also names its stored payment
 * (click_to_pay_payments), whose confirmed_at is the one source of the confirmation time; its
 * installments are the plan the payload carried and the order was checked against (issue 14).
 */
export type StoredOrderPayment =
  Exclude<OrderPayment, ClickToPayOrderPayment> | (Omit<ClickToPayOrderPayment, 'confirmedAt'> & { paymentId: string });

/** A random uuid key. */
const randomId = () => uuid('id').primaryKey().defaultRandom();

/** When the row was made. */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: randomId(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['admin', 'user'] })
    .notNull()
    .default('user'),
  firstName: text('first_name'),
  lastName: text('last_name'),
  /** The national number as the shopper typed it, without the country code. */
  phoneNumber: text('phone_number'),
  /** E.g. `+1`. */
  phoneCountryCode: text('phone_country_code'),
  preferences: jsonb('preferences')
    .$type<UserPreferences>()
    .notNull()
    .default(sql`'{"emailOffers":false,"smsOffers":false,"orderUpdates":true}'::jsonb`),
  createdAt: createdAt(),
});

/** The user a row names; `onDelete` is what becomes of the row when the user is deleted. */
const userReference = (onDelete: 'cascade' | 'set null') => uuid('user_id').references(() => users.id, { onDelete });

/** Opaque session tokens, stored only as their SHA-256, so a database leak yields no usable token. */
export const sessions = pgTable(
  'sessions',
  {
    id: randomId(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: userReference('cascade').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** A shopper's saved shipping addresses (settings area), at most ADDRESS_LIMIT each. */
export const addresses = pgTable(
  'addresses',
  {
    id: randomId(),
    userId: userReference('cascade').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    streetAddress1: text('street_address1').notNull(),
    streetAddress2: text('street_address2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    country: text('country').notNull(),
    zipCode: text('zip_code').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('addresses_user_id_idx').on(table.userId)],
);

/** The shop's catalogue; seeded at every start from features/products/catalogue.ts. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    description: jsonb('description').$type<LocalizedText>().notNull(),
    /** USD cents. */
    priceCents: integer('price_cents').notNull(),
    image: text('image').notNull(),
    category: text('category').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [check('products_price_cents_positive', sql`${table.priceCents} > 0`)],
);

export const orders = pgTable(
  'orders',
  {
    id: randomId(),
    /** Human-readable, e.g. C2P-7KQ2MZ4D. */
    orderNumber: text('order_number').notNull().unique(),
    /** The client's Idempotency-Key: a retried request answers this order instead of a second one. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** SHA-256 of the normalised request (body and shopper), to tell a retry from a different order. */
    requestHash: text('request_hash').notNull(),
    userId: userReference('set null'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    promoCode: text('promo_code'),
    contact: jsonb('contact').$type<Contact>().notNull(),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    billingAddress: jsonb('billing_address').$type<Address>().notNull(),
    payment: jsonb('payment').$type<StoredOrderPayment>().notNull(),
    /** An AI agent's order (issue 39): the agent and the evidence of the shop's checks; null for the shopper's own. */
    agent: jsonb('agent').$type<AgentOrder>(),
    createdAt: createdAt(),
  },
  (table) => [
    index('orders_user_id_created_at_idx').on(table.userId, table.createdAt),
    check(
      'orders_total_cents',
      sql`${table.totalCents} = ${table.subtotalCents} - ${table.discountCents} + ${table.shippingCents}`,
    ),
  ],
);

/** An order's lines, with the product as it was when ordered (name in every language, price). */
export const orderLines = pgTable(
  'order_lines',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    slug: text('slug').notNull(),
    name: jsonb('name').$type<LocalizedText>().notNull(),
    image: text('image').notNull(),
    priceCents: integer('price_cents').notNull(),
    count: integer('count').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.lineNo] }),
    index('order_lines_product_id_idx').on(table.productId),
    check('order_lines_count_range', sql`${table.count} between 1 and 99`),
    check('order_lines_total', sql`${table.lineTotalCents} = ${table.priceCents} * ${table.count}`),
  ],
);

/**
 * The merchant's own keys, made at first start and shared by every instance through the database.
 * `payload-encryption`: the RSA key pair the network encrypts Click to Pay payloads to
 * (RSA-OAEP-256). The private half never leaves the server.
 */
export const merchantKeys = pgTable('merchant_keys', {
  purpose: text('purpose').primaryKey(),
  kid: text('kid').notNull(),
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  createdAt: createdAt(),
});

/**
 * Click to Pay payloads fetched from the network after a COMPLETE checkout, kept encrypted as
 * received (to our payload-encryption key) with what a receipt shows; an order takes one over.
 */
export const clickToPayPayments = pgTable(
  'click_to_pay_payments',
  {
    id: randomId(),
    createdAt: createdAt(),
    srcDpaId: text('src_dpa_id').notNull(),
    correlationId: text('correlation_id').notNull(),
    merchantTransactionId: text('merchant_transaction_id').notNull(),
    flowId: text('flow_id').notNull(),
    /** The compact JWE as the network sent it. */
    encryptedPayload: text('encrypted_payload').notNull(),
    brand: text('brand').$type<SupportedCardBrand>().notNull(),
    lastFour: text('last_four').notNull(),
    /** MM/YY. */
    expiry: text('expiry').notNull(),
    credential: text('credential', { enum: ['TOKEN', 'CARD'] }).notNull(),
    dynamicDataType: text('dynamic_data_type'),
    eci: text('eci'),
    /**
     * Transaction authentication (issue 31), when the payload carried authentication data: how the
     * shopper confirmed, whether it checked out (AUTHENTICATED) or not (UNVERIFIED), the payload's
     * ECI and the assurance data's verification method. Never the authentication value.
     */
    authenticationMethod: text('authentication_method', { enum: ['PASSKEY', 'OTP'] }),
    authenticationResult: text('authentication_result', { enum: ['AUTHENTICATED', 'UNVERIFIED'] }),
    authenticationEci: text('authentication_eci'),
    verificationMethod: text('verification_method'),
    /** The amount and currency the network checkout was made for (from the payload); null when it named none. */
    transactionAmount: text('transaction_amount'),
    transactionCurrency: text('transaction_currency'),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Who may pay an order with it: the signed-in shopper whose checkout made it... */
    payerUserId: uuid('payer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** ...or the browser's checkout cookie (its SHA-256), for a guest. */
    payerCheckoutHash: text('payer_checkout_hash'),
  },
  (table) => [
    // One network transaction is one payment: fetching it again answers the same row.
    unique('click_to_pay_payments_transaction_unique').on(table.srcDpaId, table.merchantTransactionId),
    check('click_to_pay_payments_last_four', sql`${table.lastFour} ~ '^[0-9]{4}$'`),
    check('click_to_pay_payments_expiry', sql`${table.expiry} ~ '^(0[1-9]|1[0-2])/[0-9]{2}$'`),
    check('click_to_pay_payments_credential', sql`${table.credential} in ('TOKEN', 'CARD')`),
    check(
      'click_to_pay_payments_authentication',
      sql`(${table.authenticationMethod} is null or ${table.authenticationMethod} in ('PASSKEY', 'OTP')) and (${table.authenticationResult} is null or ${table.authenticationResult} in ('AUTHENTICATED', 'UNVERIFIED'))`,
    ),
  ],
);

/**
 * Rate limit counters, shared by every instance on the database: a key (route and client, or a
 * keyed limit and its key) counts its hits until reset_at, when its next hit opens a new window.
 * Ended windows are deleted now and then (lib/rate-limits.ts).
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rate_limit_hits_reset_at_idx').on(table.resetAt)],
);

/**
 * Installments (issue 14): the plan a Click to Pay payment's decrypted payload carried
 * (`installmentData`, as the network sent it), checked against the order that takes the payment.
 */
export const paymentInstallments = pgTable('payment_installments', {
  paymentId: uuid('payment_id')
    .primaryKey()
    .references(() => clickToPayPayments.id, { onDelete: 'cascade' }),
  installmentData: jsonb('installment_data').notNull(),
  createdAt: createdAt(),
});

/**
 * The mock SRC files the guided tour answers from (issue 15): the shipped ones (built_in, seeded at
 * every start, never deleted) and those the admin uploads. `content` is the file's JSON object.
 */
export const mockSrcFiles = pgTable(
  'mock_src_files',
  {
    name: text('name').primaryKey(),
    content: jsonb('content').$type<Record<string, unknown>>().notNull(),
    size: integer('size').notNull(),
    builtIn: boolean('built_in').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('mock_src_files_name', sql`${table.name} ~ '^[a-z0-9-]{1,64}\\.json$'`)],
);

/**
 * Cards on file (issue 13): the network's reference to a card it tokenized for a shopper
 * (srcDigitalCardId), with what the shopper is shown. Never the card number, security code or token.
 */
export const merchantCards = pgTable(
  'merchant_cards',
  {
    id: randomId(),
    userId: userReference('cascade').notNull(),
    srcDigitalCardId: text('src_digital_card_id').notNull().unique(),
    brand: text('brand').$type<SupportedCardBrand>().notNull(),
    lastFour: text('last_four').notNull(),
    /** MM/YY. */
    expiry: text('expiry').notNull(),
    tokenLastFour: text('token_last_four'),
    createdAt: createdAt(),
  },
  (table) => [
    index('merchant_cards_user_idx').on(table.userId, table.createdAt),
    check('merchant_cards_last_four', sql`${table.lastFour} ~ '^[0-9]{4}$'`),
    check('merchant_cards_expiry', sql`${table.expiry} ~ '^(0[1-9]|1[0-2])/[0-9]{2}$'`),
  ],
);

/** A line of an agent's checkout, priced from the catalogue when the checkout was made. */
export interface AgentCheckoutLine {
  productId: number;
  title: string;
  quantity: number;
  unitCents: number;
}

/**
 * Checkouts the shop priced and signed for AI agents (issue 39): the checkout JWT the shopper's
 * mandate binds to, the agent that asked for it (its keyid), and the order that completed it.
 */
export const agentCheckouts = pgTable(
  'agent_checkouts',
  {
    id: randomId(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    agentKeyid: text('agent_keyid').notNull(),
    lines: jsonb('lines').$type<AgentCheckoutLine[]>().notNull(),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    checkoutJwt: text('checkout_jwt').notNull(),
    orderId: uuid('order_id')
      .unique()
      .references(() => orders.id),
  },
  (table) => [check('agent_checkouts_total_cents', sql`${table.totalCents} > 0`)],
);

/** Agent request signature nonces the shop has seen, kept until their signature expires (replay guard). */
export const agentRequestNonces = pgTable(
  'agent_request_nonces',
  {
    keyid: text('keyid').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.keyid, table.nonce] }),
    index('agent_request_nonces_expires_at_idx').on(table.expiresAt),
  ],
);
