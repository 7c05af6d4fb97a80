// Card on File on the merchant's server (issue 13): the network (Secure Card on File) tokenizes a
// card the browser encrypted to the network's key, for this shop's account of the shopper
// (EXTERNAL_ACCOUNT_ID); the shop keeps only the network's card id with brand, last four and
// expiry. Each payment asks the network for transaction credentials (a token and a cryptogram).
import { randomUUID } from 'node:crypto';
import { compactDecrypt, compactVerify, createRemoteJWKSet } from 'jose';
import {
  DEMO_SRC_DPA_ID,
  SUPPORTED_CARD_BRANDS,
  type CardOnFilePayment,
  type NetworkCallRecord,
  type SavedCard,
  type SupportedCardBrand,
} from '@c2p/domain';
import type { Database } from '../../db/client.ts';
import { PAYLOAD_KEY_ALGORITHM, type PayloadKey } from '../payments/merchant-keys.ts';
import {
  callNetwork,
  NetworkError,
  networkReason,
  type NetworkAnswer,
  type NetworkRequest,
  type NetworkSettings,
} from '../payments/network-client.ts';
import { oauthAuthorization, type SigningKey } from '../payments/network-signing.ts';
import { upsertPayment } from '../payments/repository.ts';
import { checkoutAmountOf, summarisePayload, toClickToPayPayment } from '../payments/service.ts';
import type { CredentialsInput } from '@c2p/domain/api';
import type { MerchantCardRow, NewMerchantCard } from './repository.ts';

type Json = Record<string, unknown>;
const asObject = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const asString = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

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
  const srcDigitalCardId = asString(answer.srcDigitalCardId) ?? asString(masked.srcDigitalCardId);
  if (!srcDigitalCardId || srcDigitalCardId.length > 200) throw new Error('the answer has no srcDigitalCardId');
  const lastFour = asString(masked.panLastFour);
  if (!lastFour || !/^[0-9]{4}$/.test(lastFour)) throw new Error('the masked card has no panLastFour');
  const month = String(masked.panExpirationMonth ?? '').padStart(2, '0');
  const year = String(masked.panExpirationYear ?? '');
  if (!/^(0[1-9]|1[0-2])$/.test(month) || !/^([0-9]{2}|[0-9]{4})$/.test(year)) {
    throw new Error('the masked card has no usable expiry');
  }
  const descriptor = asString(masked.paymentCardDescriptor)?.toLowerCase();
  const brand = SUPPORTED_CARD_BRANDS.find((b) => b === descriptor) as SupportedCardBrand | undefined;
  if (!brand) throw new Error(`the card brand (${descriptor ?? 'unknown'}) is not one the shop accepts`);
  const token = asString(masked.tokenLastFour);
  return {
    srcDigitalCardId,
    brand,
    lastFour,
    expiry: `${month}/${year.slice(-2)}`,
    tokenLastFour: token && /^[0-9]{4}$/.test(token) ? token : null,
  };
}

/** The enrol answer as the API log shows it: the masked card's essentials. */
function shortenEnrolment(body: unknown): unknown {
  const value = asObject(body);
  if (!value.maskedCard) return body;
  const masked = asObject(value.maskedCard);
  return {
    ...value,
    maskedCard: Object.fromEntries(
      [
        'srcDigitalCardId',
        'panBin',
        'panLastFour',
        'tokenLastFour',
        'panExpirationMonth',
        'panExpirationYear',
        'paymentCardDescriptor',
      ]
        .filter((k) => k in masked)
        .map((k) => [k, masked[k]]),
    ),
  };
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
  let registered = false;
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;
  let jwksBase: string | undefined;
  const authorize = (method: string, url: string, body: string) =>
    oauthAuthorization({ method, url, body, consumerKey: network.clientId, privateKey: signingKey.privateKey });
  const headers = () => ({ 'x-openapi-clientid': network.clientId });

  function baseUrl(method: string, path: string, body: unknown): string {
    try {
      return network.baseUrl();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new NetworkError(reason, {
        method,
        url: path,
        headers: headers(),
        body,
        status: null,
        response: { error: reason },
      });
    }
  }

  async function registerKey(base: string): Promise<void> {
    const answer = await callNetwork({
      method: 'PUT',
      url: `${base}/dpas/${encodeURIComponent(srcDpaId)}/key`,
      headers: headers(),
      body: key.publicJwk,
      authorize,
    });
    if (!answer.ok) throw new NetworkError(`registering the payload key: ${failure(answer)}`, answer.record);
    registered = true;
  }

  /** A call that needs our payload key at the sandbox: registered first, and again if the sandbox lost it. */
  async function keyedCall(
    request: Omit<NetworkRequest, 'authorize' | 'headers'>,
    base: string,
  ): Promise<NetworkAnswer> {
    if (network.isSandbox && !registered) await registerKey(base);
    const call = () => callNetwork({ ...request, headers: headers(), authorize });
    let answer = await call();
    if (network.isSandbox && answer.status === 403 && networkReason(answer.body) === 'PERMISSION_DENIED') {
      registered = false;
      await registerKey(base);
      answer = await call();
    }
    return answer;
  }

  async function enrol(externalAccountId: string, encryptedCard: string): Promise<Enrolment> {
    const path = '/src/api/digital/payments/cards';
    const body = {
      serviceId: 'SRC',
      srcClientId: network.clientId,
      srcDpaId,
      srcCorrelationId: `cof.${randomUUID()}`,
      cardSource: 'CARD_ON_FILE',
      encryptedCard,
      consumer: { consumerIdentity: { identityType: 'EXTERNAL_ACCOUNT_ID', identityValue: externalAccountId } },
    };
    const base = baseUrl('POST', path, { ...body, encryptedCard: '…' });
    const answer = await keyedCall({ method: 'POST', url: `${base}${path}`, body, redact: shortenEnrolment }, base);
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

  async function remove(srcDigitalCardId: string): Promise<NetworkCallRecord> {
    const path = `/src/api/digital/payments/cards/${encodeURIComponent(srcDigitalCardId)}`;
    const base = baseUrl('DELETE', path, undefined);
    const answer = await callNetwork({
      method: 'DELETE',
      url: `${base}${path}`,
      headers: headers(),
      body: undefined,
      authorize,
    });
    if (!answer.ok && answer.status !== 404) throw new NetworkError(failure(answer), answer.record);
    return answer.record;
  }

  async function credentials(card: MerchantCardRow, input: CredentialsInput) {
    const path = '/src/api/digital/payments/transaction/credentials';
    const body = {
      srcClientId: network.clientId,
      srcDpaId,
      srcDigitalCardId: card.srcDigitalCardId,
      transactionAmount: input.transactionAmount,
    };
    const base = baseUrl('POST', path, body);
    const answer = await keyedCall({ method: 'POST', url: `${base}${path}`, body, redact: shortenJws }, base);
    if (!answer.ok) throw new NetworkError(failure(answer), answer.record);
    const jws = asObject(answer.body).checkoutResponseJWS;
    if (typeof jws !== 'string') throw new NetworkError('the answer has no checkoutResponseJWS', answer.record);
    let response: Json;
    let payload: Json;
    try {
      if (!jwks || jwksBase !== base) {
        jwks = createRemoteJWKSet(new URL(`${base}/keys`));
        jwksBase = base;
      }
      const verified = await compactVerify(jws, jwks, { algorithms: ['RS256'] });
      response = asObject(JSON.parse(new TextDecoder().decode(verified.payload)));
      const { plaintext } = await compactDecrypt(String(response.encryptedPayload), key.privateKey, {
        keyManagementAlgorithms: [PAYLOAD_KEY_ALGORITHM],
        contentEncryptionAlgorithms: ['A128CBC-HS256', 'A128GCM'],
      });
      payload = asObject(JSON.parse(new TextDecoder().decode(plaintext)));
    } catch (error) {
      throw new NetworkError(
        `the credentials could not be read: ${error instanceof Error ? error.message : error}`,
        answer.record,
      );
    }
    const amount = checkoutAmountOf(payload);
    const asked = input.transactionAmount;
    if (
      amount.transactionCurrency !== asked.transactionCurrencyCode ||
      Number(amount.transactionAmount) !== Number(asked.transactionAmount.toFixed(2))
    ) {
      throw new NetworkError('the credentials are for another amount', answer.record);
    }
    let summary: ReturnType<typeof summarisePayload>;
    try {
      summary = summarisePayload(payload, response);
    } catch (error) {
      throw new NetworkError(
        `the credentials could not be used: ${error instanceof Error ? error.message : error}`,
        answer.record,
      );
    }
    const token = asString(asObject(payload.token).paymentToken);
    if (summary.credential !== 'TOKEN' || !token)
      throw new NetworkError('the credentials carry no network token', answer.record);
    const correlationId = asString(response.srcCorrelationId) ?? `cof.${randomUUID()}`;
    const row = await upsertPayment(db, {
      srcDpaId,
      correlationId,
      merchantTransactionId: `cof.${randomUUID()}`,
      flowId: correlationId,
      encryptedPayload: String(response.encryptedPayload),
      ...summary,
      ...amount,
    });
    return {
      data: { ...toClickToPayPayment(row), merchantCardId: card.id, tokenLastFour: token.slice(-4) },
      network: answer.record,
    };
  }

  return { enrol, remove, credentials };
}

function failure(answer: NetworkAnswer): string {
  if (answer.status === null) {
    const reason = asString(asObject(answer.record.response).error);
    return `network unreachable${reason ? `: ${reason}` : ''}`;
  }
  const reason = networkReason(answer.body);
  return `HTTP ${answer.status}${reason ? ` ${reason}` : ''}`;
}
