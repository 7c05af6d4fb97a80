// Secure Card on File, the network's current card-on-file API (reference section 12, "Secure Card on
// File"): a merchant client enrols a card encrypted to the network's `src-fpan-encryption` key for
// one of its own accounts (consumer identity EXTERNAL_ACCOUNT_ID), asks for transaction credentials
// (a network token and a cryptogram, encrypted to its payload key) for each payment, and deletes it.
// The enrol and credentials shapes follow the reference (YA-MOCK); the delete path, the duplicate
// answer and the amount binding are the sandbox's own (see the README).
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWK } from 'jose';
import { isLuhnValid } from '@c2p/domain';
import { mounted, networkApi } from '../api/network-api.ts';
import { sandboxCards, sandboxScofCards, sandboxScofCredentials } from '../store/schema.ts';
import { brandOf, maskedCard, newDigitalCardId, parFor, tokenFor, type CardRow } from './cards.ts';
import type { SandboxDatabase } from './db.ts';
import { ApiError, invalidArgument } from './errors.ts';
import { unstorableText } from './input.ts';
import { encryptToMerchant, type NetworkKeys } from './keys.ts';
import { cryptogramPayload } from './network-api/payload.ts';
import { findFirstWith, matching } from './queries.ts';
import { asObject, newCorrelationId, nonEmptyString, type Json } from './util.ts';
import { signedClientOf } from './network-api-setup.ts';
import type { OwnOrigins } from './origins.ts';

/** How long a cryptogram is good for (the reference's dynamicDataExpiration, about 15 minutes). */
export const SCOF_CRYPTOGRAM_TTL_MS = 15 * 60 * 1000;
/** Longest external account id the sandbox keeps. */
const MAX_ACCOUNT_ID = 128;

export type ScofCardRow = typeof sandboxScofCards.$inferSelect;

export interface ScofContext {
  db: SandboxDatabase;
  keys: NetworkKeys;
  origins: OwnOrigins;
  /** The caller's DPA with its payload key (403 otherwise). */
  callersDpa: (srcDpaId: string, clientId: string) => Promise<{ publicJwk: Record<string, unknown> }>;
}

const panHash = (pan: string) => createHash('sha256').update(`scof:${pan}`).digest('hex');

const cardNotFound = (source: string, sourceType: 'BODY' | 'PATH') =>
  new ApiError(404, 'NOT_FOUND', 'No card on file with this srcDigitalCardId for this client', [
    { reason: 'CARD_NOT_FOUND', source, sourceType },
  ]);

/** A decrypted card, checked: the number (Luhn), a month and year not past, a security code. */
async function readEncryptedCard(keys: NetworkKeys, value: unknown) {
  const jwe = nonEmptyString(value);
  if (!jwe) throw invalidArgument('encryptedCard', 'encryptedCard (a JWE to the src-fpan-encryption key) is required');
  let card: Json;
  try {
    card = await keys.decryptCard(jwe);
  } catch {
    throw invalidArgument('encryptedCard', 'encryptedCard is not a JWE to the sandbox src-fpan-encryption key');
  }
  const pan = String(card.primaryAccountNumber ?? '').replace(/\D/g, '');
  if (pan.length < 12 || pan.length > 19 || !isLuhnValid(pan)) {
    throw invalidArgument('encryptedCard.primaryAccountNumber', 'The card number is not valid');
  }
  const month = String(card.panExpirationMonth ?? '').padStart(2, '0');
  let year = String(card.panExpirationYear ?? '');
  if (/^\d{2}$/.test(year)) year = `20${year}`;
  const monthNumber = Number(month);
  if (!/^\d{4}$/.test(year) || !(monthNumber >= 1 && monthNumber <= 12)) {
    throw invalidArgument('encryptedCard.panExpirationMonth', 'The expiry date is not valid');
  }
  const now = new Date();
  if (Number(year) * 12 + monthNumber < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    throw invalidArgument('encryptedCard.panExpirationYear', 'The card has expired');
  }
  if (!/^\d{3,4}$/.test(String(card.cardSecurityCode ?? ''))) {
    throw invalidArgument('encryptedCard.cardSecurityCode', 'The security code is missing or not valid');
  }
  const name = nonEmptyString(card.cardholderFullName);
  if (name !== undefined && (name.length > 200 || unstorableText(name, 'cardholderFullName'))) {
    throw invalidArgument(
      'encryptedCard.cardholderFullName',
      'cardholderFullName must be text of at most 200 characters',
    );
  }
  return { pan, month, year, name: name ?? null };
}

/** The consumer identity of an enrolment: EXTERNAL_ACCOUNT_ID and the merchant's account id. */
function externalAccountOf(body: Json): string {
  const identity = asObject(asObject(body.consumer).consumerIdentity);
  if (identity.identityType !== 'EXTERNAL_ACCOUNT_ID') {
    throw invalidArgument(
      'consumer.consumerIdentity.identityType',
      'consumer.consumerIdentity.identityType must be EXTERNAL_ACCOUNT_ID',
    );
  }
  const value = identity.identityValue;
  if (typeof value !== 'string' || !/^[\x21-\x7e]+$/.test(value) || value.length > MAX_ACCOUNT_ID) {
    throw invalidArgument(
      'consumer.consumerIdentity.identityValue',
      `consumer.consumerIdentity.identityValue must be printable text of at most ${MAX_ACCOUNT_ID} characters`,
    );
  }
  return value;
}

/** A transaction amount: a positive decimal with at most two places, and a 3-letter currency. */
function amountOf(value: unknown): { amount: string; currency: string } {
  const given = asObject(value);
  const raw = given.transactionAmount;
  const amount = typeof raw === 'number' ? raw.toFixed(2) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount) || Number(amount) <= 0) {
    throw invalidArgument(
      'transactionAmount.transactionAmount',
      'transactionAmount.transactionAmount must be a positive amount with at most two decimals',
    );
  }
  const currency = given.transactionCurrencyCode;
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    throw invalidArgument(
      'transactionAmount.transactionCurrencyCode',
      'transactionCurrencyCode must be 3 capital letters',
    );
  }
  return { amount: Number(amount).toFixed(2), currency };
}

function assertSrcClientId(body: Json, clientId: string): void {
  const srcClientId = nonEmptyString(body.srcClientId);
  if (srcClientId && srcClientId !== clientId) {
    throw new ApiError(403, 'PERMISSION_DENIED', 'srcClientId is not the client that signed the request', [
      { reason: 'PERMISSION_DENIED', source: 'srcClientId', sourceType: 'BODY' },
    ]);
  }
}

/** The caller's live SCOF card with this id, or undefined. */
export const findScofCard = (db: SandboxDatabase, srcDigitalCardId: string, clientId: string) =>
  findFirstWith(db, sandboxScofCards, { srcDigitalCardId, clientId, deletedAt: null });

/**
 * POST /src/api/digital/payments/transaction/credentials for a SCOF card: a network token and a
 * fresh cryptogram for this card, this merchant and this amount, encrypted to the DPA's payload key
 * inside a signed checkout response.
 */
export async function scofCredentials(
  ctx: ScofContext,
  clientId: string,
  scof: ScofCardRow,
  body: Json,
  enc: 'A128CBC-HS256' | 'A128GCM',
): Promise<{ checkoutResponseJWS: string }> {
  const srcDpaId = nonEmptyString(body.srcDpaId)!;
  if (scof.srcDpaId !== srcDpaId) throw cardNotFound('srcDigitalCardId', 'BODY');
  const { amount, currency } = amountOf(body.transactionAmount);
  const dpa = await ctx.callersDpa(srcDpaId, clientId);
  const card = await findFirstWith(ctx.db, sandboxCards, { srcDigitalCardId: scof.srcDigitalCardId });
  if (!card?.paymentToken) throw cardNotFound('srcDigitalCardId', 'BODY');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SCOF_CRYPTOGRAM_TTL_MS);
  const { payload, cryptogram } = cryptogramPayload(card, card.paymentToken, { amount, currency }, expiresAt);
  const given = nonEmptyString(body.srcCorrelationId);
  if (given !== undefined && given.length > 200)
    throw invalidArgument('srcCorrelationId', 'srcCorrelationId is too long');
  // One correlation id per payment (the confirmation names it), unless the merchant passes its own.
  const srcCorrelationId = given ?? newCorrelationId();
  await ctx.db.insert(sandboxScofCredentials).values({
    srcCorrelationId,
    srcDigitalCardId: card.srcDigitalCardId,
    clientId,
    srcDpaId,
    amount,
    currency,
    cryptogramHash: createHash('sha256').update(cryptogram).digest('hex'),
    expiresAt,
  });
  await ctx.db
    .update(sandboxCards)
    .set({ lastUsedAt: now })
    .where(eq(sandboxCards.srcDigitalCardId, card.srcDigitalCardId));
  const dcf = { uri: `${ctx.origins.publicBaseUrl()}/sandbox/dcf` };
  const checkoutResponseJWS = await ctx.keys.signCheckoutResponse({
    srcCorrelationId,
    encryptedPayload: await encryptToMerchant(payload, dpa.publicJwk as JWK, enc),
    maskedCard: maskedCard(card, dcf),
    assuranceData: {
      verificationData: [
        {
          verificationType: 'CARDHOLDER',
          verificationEntity: '03',
          verificationMethod: '23',
          verificationResults: '01',
          verificationTimestamp: now.toISOString(),
        },
      ],
      eci: '07',
    },
  });
  return { checkoutResponseJWS };
}

/** The SCOF payment (credentials issued to this client) a confirmation names, if any. */
export const findScofPayment = (db: SandboxDatabase, srcCorrelationId: string, clientId: string) =>
  findFirstWith(db, sandboxScofCredentials, { srcCorrelationId, clientId });

/** Enrols the card (encrypted to src-fpan-encryption) for one of the merchant's accounts. */
async function enrolCard(ctx: ScofContext, request: FastifyRequest) {
  const { db } = ctx;
  const clientId = signedClientOf(request);
  const body = asObject(request.body);
  assertSrcClientId(body, clientId);
  const srcDpaId = nonEmptyString(body.srcDpaId);
  if (!srcDpaId) throw invalidArgument('srcDpaId', 'srcDpaId is required');
  const externalAccountId = externalAccountOf(body);
  await ctx.callersDpa(srcDpaId, clientId);
  const card = await readEncryptedCard(ctx.keys, body.encryptedCard);
  const hash = panHash(card.pan);
  const duplicate = await findFirstWith(db, sandboxScofCards, {
    clientId,
    srcDpaId,
    externalAccountId,
    panHash: hash,
    deletedAt: null,
  });
  const alreadyExists = () =>
    new ApiError(409, 'CARD_ALREADY_EXISTS', 'This card is already on file for this account', [
      { reason: 'CARD_ALREADY_EXISTS', source: 'encryptedCard', sourceType: 'BODY' },
    ]);
  if (duplicate) throw alreadyExists();
  const brand = brandOf(card.pan);
  const srcDigitalCardId = newDigitalCardId();
  const srcCorrelationId = nonEmptyString(body.srcCorrelationId) ?? newCorrelationId();
  if (srcCorrelationId.length > 200) throw invalidArgument('srcCorrelationId', 'srcCorrelationId is too long');
  const [row] = await db
    .insert(sandboxCards)
    .values({
      srcDigitalCardId,
      consumerId: null,
      primaryAccountNumber: card.pan,
      expirationMonth: card.month,
      expirationYear: card.year,
      cardholderName: card.name,
      brand,
      payloadKind: 'TOKEN',
      paymentToken: tokenFor(card.pan),
      paymentAccountReference: parFor(card.pan),
      descriptorName: `${brand[0]!.toUpperCase()}${brand.slice(1)} card`,
    })
    .returning();
  const stored = await db
    .insert(sandboxScofCards)
    .values({ srcDigitalCardId, clientId, srcDpaId, externalAccountId, panHash: hash, srcCorrelationId })
    .onConflictDoNothing()
    .returning({ id: sandboxScofCards.srcDigitalCardId });
  if (stored.length === 0) {
    // Another request enrolled the same card for this account first.
    await db.delete(sandboxCards).where(eq(sandboxCards.srcDigitalCardId, srcDigitalCardId));
    throw alreadyExists();
  }
  return {
    srcCorrelationId,
    srcDigitalCardId,
    maskedCard: maskedCard(row as CardRow, { uri: `${ctx.origins.publicBaseUrl()}/sandbox/dcf` }),
    // The sandbox asks for no further cardholder authentication.
    authenticationMethods: [],
  };
}

export function scofRoutes(app: FastifyInstance, ctx: ScofContext): void {
  const { db } = ctx;

  const api = app.withTypeProvider<ZodTypeProvider>();
  const enrol = mounted(networkApi.enrolCard);
  api.post(enrol.url, { schema: enrol.schema }, (request) => enrolCard(ctx, request));

  // Delete a card on file (the path is the sandbox's own): only the client that enrolled it.
  const remove = mounted(networkApi.deleteCard);
  api.delete(remove.url, { schema: remove.schema }, async (request, reply) => {
    const clientId = signedClientOf(request);
    const id = request.params.srcDigitalCardId;
    if (!/^[A-Za-z0-9_-]{22}000000000000US$/.test(id)) {
      throw invalidArgument('srcDigitalCardId', 'srcDigitalCardId is not a digital card id', 'PATH');
    }
    const deleted = await db
      .update(sandboxScofCards)
      .set({ deletedAt: new Date() })
      .where(matching(sandboxScofCards, { srcDigitalCardId: id, clientId, deletedAt: null }))
      .returning({ id: sandboxScofCards.srcDigitalCardId });
    if (deleted.length === 0) throw cardNotFound('srcDigitalCardId', 'PATH');
    return reply.status(204).send(null);
  });
}
