// Card on File on the merchant's server (issue 13): the network (Secure Card on File) tokenizes a
// card the browser encrypted to the network's key, for this shop's account of the shopper
// (EXTERNAL_ACCOUNT_ID); the shop keeps only the network's card id with brand, last four and
// expiry. Each payment asks the network for transaction credentials (a token and a cryptogram).
import { randomUUID } from 'node:crypto';
import { compactDecrypt, compactVerify, type CompactVerifyGetKey } from 'jose';
import {
  DEMO_SRC_DPA_ID,
  SUPPORTED_CARD_BRANDS,
  type CardOnFilePayment,
  type NetworkCallRecord,
  type SavedCard,
  type SupportedCardBrand,
} from '@c2p/domain';
import type { CredentialsInput } from '@c2p/domain/api';
import type { Database } from '../../db/client.ts';
import { asObject, nonEmptyString, type Json } from '../../lib/json-values.ts';
import { PAYLOAD_KEY_ALGORITHM, type PayloadKey } from '../payments/merchant-keys.ts';
import { NetworkError, networkReason, type NetworkAnswer } from '../payments/network-client.ts';
import type { NetworkSettings } from '../payments/network-client.ts';
import type { SigningKey } from '../payments/network-signing.ts';
import { upsertPayment } from '../payments/repository.ts';
import { checkoutAmountOf, summarisePayload, toClickToPayPayment } from '../payments/service.ts';
import { cardNetwork, failure, type CardNetwork } from './card-network.ts';
import type { MerchantCardRow, NewMerchantCard } from './repository.ts';

export function toSavedCard(row: MerchantCardRow): SavedCard {
  return {
    id: row.id,
    brand: row.brand,
    lastFour: row.lastFour,
    expiry: row.expiry,
    tokenLastFour: row.tokenLastFour,
    tokenStatus: 'ACTIVE',
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the shop keeps of the network's masked card: never the number or the token. */
export function cardReferenceOf(answer: Json): Omit<NewMerchantCard, 'userId'> {
  const masked = asObject(answer.maskedCard);
  const srcDigitalCardId = nonEmptyString(answer.srcDigitalCardId) ?? nonEmptyString(masked.srcDigitalCardId);
  if (!srcDigitalCardId || srcDigitalCardId.length > 200) throw new Error('the answer has no srcDigitalCardId');
  const lastFour = nonEmptyString(masked.panLastFour);
  if (!lastFour || !/^[0-9]{4}$/.test(lastFour)) throw new Error('the masked card has no panLastFour');
  const month = String(masked.panExpirationMonth ?? '').padStart(2, '0');
  const year = String(masked.panExpirationYear ?? '');
  if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^([0-9]{2}|[0-9]{4})$/.test(year)) {
    throw new Error('the masked card has no usable expiry');
  }
  const descriptor = nonEmptyString(masked.paymentCardDescriptor)?.toLowerCase();
  const brand = SUPPORTED_CARD_BRANDS.find((b) => b === descriptor) as SupportedCardBrand | undefined;
  if (!brand) throw new Error(`the card brand (${descriptor ?? 'unknown'}) is not one the shop accepts`);
  const token = nonEmptyString(masked.tokenLastFour);
  return {
    srcDigitalCardId,
    brand,
    lastFour,
    expiry: `${month}/${year.slice(-2)}`,
    tokenLastFour: token && /^[0-9]{4}$/.test(token) ? token : null,
  };
}

/** The masked card's members the API log shows of an enrol answer. */
const LOGGED_MASKED_CARD = [
  'srcDigitalCardId',
  'panBin',
  'panLastFour',
  'tokenLastFour',
  'panExpirationMonth',
  'panExpirationYear',
  'paymentCardDescriptor',
];

/** The enrol answer as the API log shows it: the masked card's essentials. */
function shortenEnrolment(body: unknown): unknown {
  const value = asObject(body);
  if (!value.maskedCard) return body;
  const masked = asObject(value.maskedCard);
  const kept = LOGGED_MASKED_CARD.filter((k) => k in masked).map((k) => [k, masked[k]]);
  return { ...value, maskedCard: Object.fromEntries(kept) };
}

/** The credentials answer as the API log shows it: the signed response cut short. */
function shortenJws(body: unknown): unknown {
  const value = asObject(body);
  const jws = value.checkoutResponseJWS;
  if (typeof jws !== 'string') return body;
  return { ...value, checkoutResponseJWS: jws.length > 32 ? `${jws.slice(0, 32)}…` : jws };
}

/** The outcome of an enrolment: the card, or the network's refusal. */
export type Enrolment =
  | { ok: true; card: Omit<NewMerchantCard, 'userId'>; record: NetworkCallRecord }
  | { ok: false; duplicate: boolean; invalid: boolean; record: NetworkCallRecord; reason: string };

export interface MerchantCardsService {
  enrol(externalAccountId: string, encryptedCard: string): Promise<Enrolment>;
  /** Deletes at the network; a card the network no longer has counts as deleted. Throws NetworkError. */
  remove(srcDigitalCardId: string): Promise<NetworkCallRecord>;
  /** Transaction credentials for a card and amount, decrypted and stored as a payment. Throws NetworkError. */
  credentials(
    card: MerchantCardRow,
    input: CredentialsInput,
  ): Promise<{ data: CardOnFilePayment; network: NetworkCallRecord }>;
}

export function merchantCardsService(
  db: Database,
  network: NetworkSettings,
  key: PayloadKey,
  signingKey: SigningKey,
  srcDpaId = DEMO_SRC_DPA_ID,
): MerchantCardsService {
  const cards = cardNetwork(network, key, signingKey, srcDpaId);
  return {
    enrol: (externalAccountId, encryptedCard) => enrol(cards, externalAccountId, encryptedCard),
    remove: (srcDigitalCardId) => remove(cards, srcDigitalCardId),
    credentials: (card, input) => credentials(db, cards, key, card, input),
  };
}

async function enrol(cards: CardNetwork, externalAccountId: string, encryptedCard: string): Promise<Enrolment> {
  const path = '/src/api/digital/payments/cards';
  const body = {
    serviceId: 'SRC',
    srcClientId: cards.clientId,
    srcDpaId: cards.srcDpaId,
    srcCorrelationId: `cof.${randomUUID()}`,
    cardSource: 'CARD_ON_FILE',
    encryptedCard,
    consumer: { consumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', identityValue: externalAccountId } },
  };
  const base = cards.baseUrl('POST', path, { ...body, encryptedCard: '…' });
  const answer = await cards.keyedCall({ method: 'POST', url: `${base}${path}`, body, redact: shortenEnrolment }, base);
  // The log shows that a JWE was sent, not the JWE.
  const record = { ...answer.record, body: { ...body, encryptedCard: `${encryptedCard.slice(0, 24)}…` } };
  if (!answer.ok) {
    const reason = networkReason(answer.body);
    return {
      ok: false,
      duplicate: answer.status === 409 || reason === 'CARD_ALREADY_EXISTS',
      invalid: answer.status === 400,
      record,
      reason: failure(answer),
    };
  }
  try {
    return { ok: true, card: cardReferenceOf(asObject(answer.body)), record };
  } catch (error) {
    return { ok: false, duplicate: false, invalid: false, record, reason: String(error) };
  }
}

async function remove(cards: CardNetwork, srcDigitalCardId: string): Promise<NetworkCallRecord> {
  const path = `/src/api/digital/payments/cards/${encodeURIComponent(srcDigitalCardId)}`;
  const base = cards.baseUrl('DELETE', path, undefined);
  const answer = await cards.call({ method: 'DELETE', url: `${base}${path}`, body: undefined });
  if (!answer.ok && answer.status !== 404) throw new NetworkError(failure(answer), answer.record);
  return answer.record;
}

async function credentials(
  db: Database,
  cards: CardNetwork,
  key: PayloadKey,
  card: MerchantCardRow,
  input: CredentialsInput,
): Promise<{ data: CardOnFilePayment; network: NetworkCallRecord }> {
  const path = '/src/api/digital/payments/transaction/credentials';
  const body = {
    srcClientId: cards.clientId,
    srcDpaId: cards.srcDpaId,
    srcDigitalCardId: card.srcDigitalCardId,
    transactionAmount: input.transactionAmount,
  };
  const base = cards.baseUrl('POST', path, body);
  const answer = await cards.keyedCall({ method: 'POST', url: `${base}${path}`, body, redact: shortenJws }, base);
  if (!answer.ok) throw new NetworkError(failure(answer), answer.record);
  const { response, payload } = await openCredentials(answer, cards.keysAt(base), key);
  const amount = checkoutAmountOf(payload);
  const asked = input.transactionAmount;
  if (
    amount.transactionCurrency !== asked.transactionCurrencyCode ||
    Number(amount.transactionAmount) !== Number(asked.transactionAmount.toFixed(2))
  ) {
    throw new NetworkError('the credentials are for another amount', answer.record);
  }
  const { summary, token } = tokenCredentials(payload, response, answer.record);
  const correlationId = nonEmptyString(response.srcCorrelationId) ?? `cof.${randomUUID()}`;
  const row = await upsertPayment(
    db,
    {
      srcDpaId: cards.srcDpaId,
      correlationId,
      merchantTransactionId: `cof.${randomUUID()}`,
      flowId: correlationId,
      encryptedPayload: String(response.encryptedPayload),
      ...summary,
      ...amount,
      // A card on file pays for its shopper alone.
      payerUserId: card.userId,
      payerCheckoutHash: null,
    },
    null,
  );
  return {
    data: { ...toClickToPayPayment(row), merchantCardId: card.id, tokenLastFour: token.slice(-4) },
    network: answer.record,
  };
}

/** The network's signed answer verified with its keys, and the payload inside decrypted with ours. */
async function openCredentials(
  answer: NetworkAnswer,
  networkKeys: CompactVerifyGetKey,
  key: PayloadKey,
): Promise<{ response: Json; payload: Json }> {
  const jws = asObject(answer.body).checkoutResponseJWS;
  if (typeof jws !== 'string') throw new NetworkError('the answer has no checkoutResponseJWS', answer.record);
  try {
    const verified = await compactVerify(jws, networkKeys, { algorithms: ['RS256'] });
    const response = asObject(JSON.parse(new TextDecoder().decode(verified.payload)));
    const { plaintext } = await compactDecrypt(String(response.encryptedPayload), key.privateKey, {
      keyManagementAlgorithms: [PAYLOAD_KEY_ALGORITHM],
      contentEncryptionAlgorithms: ['A128CBC-HS256', 'A128GCM'],
    });
    return { response, payload: asObject(JSON.parse(new TextDecoder().decode(plaintext))) };
  } catch (error) {
    throw new NetworkError(`the credentials could not be read: ${messageOf(error)}`, answer.record);
  }
}

/** What the shop keeps of the credentials, which must carry a network token (a card on file pays with one). */
function tokenCredentials(payload: Json, response: Json, record: NetworkCallRecord) {
  let summary: ReturnType<typeof summarisePayload>;
  try {
    summary = summarisePayload(payload, response);
  } catch (error) {
    throw new NetworkError(`the credentials could not be used: ${messageOf(error)}`, record);
  }
  const token = nonEmptyString(asObject(payload.token).paymentToken);
  if (summary.credential !== 'TOKEN' || !token)
    throw new NetworkError('the credentials carry no network token', record);
  return { summary, token };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : error);
