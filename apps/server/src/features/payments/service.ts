import { compactDecrypt } from 'jose';
import {
  detectCardBrand,
  fromCents,
  SUPPORTED_CARD_BRANDS,
  type ClickToPayPayment,
  type ConfirmationResponse,
  type GetPayloadResponse,
  type PaymentCredential,
} from '@c2p/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { asObject, textOf, type Json } from '../../lib/json-values.ts';
import type { GetPayloadInput } from '@c2p/domain/api';
import { PAYLOAD_KEY_ALGORITHM, type PayloadKey } from './merchant-keys.ts';
import { oauthAuthorization, type SigningKey } from './network-signing.ts';
import {
  callNetwork,
  NetworkError,
  networkReason,
  type NetworkAnswer,
  type NetworkSettings,
} from './network-client.ts';
import { findInstallmentData, saveInstallmentData } from '../installments/repository.ts';
import { orderInstallmentsOf, paidPlanOf, storableInstallmentData } from '../installments/service.ts';
import { paysFor, type PayerMakingPayment } from './payer.ts';
import {
  authenticationColumns,
  authenticationPart,
  checkAuthentication,
  type CheckedAuthentication,
} from './authentication.ts';
import { markConfirmed, upsertPayment, type NewPayment, type OrderPaymentRow, type PaymentRow } from './repository.ts';

/** The payment was fetched for another shopper or browser first: it stays theirs. */
export class PaymentOfAnotherPayer extends Error {
  constructor() {
    super('the payment belongs to another checkout');
  }
}

/** A payment is good for an order this long after its payload was fetched. */
export const PAYMENT_TTL_MS = 60 * 60 * 1000;

// ---- the decrypted payload (reference section 9.3) --------------------------------------------------

/** What the shop keeps of a payload (the answer's fields but the ids): never the token, the card number or the cryptogram. */
export type PaymentSummary = Omit<ClickToPayPayment, 'paymentId' | 'installments'>;

function expiryOf(month: unknown, year: unknown): string | undefined {
  const m = textOf(month);
  const y = textOf(year);
  if (!m || !y || !/^[0-9]{1,2}$/.test(m) || !/^([0-9]{2}|[0-9]{4})$/.test(y)) return undefined;
  const mm = m.padStart(2, '0');
  if (Number(mm) < 1 || Number(mm) > 12) return undefined;
  return `${mm}/${y.slice(-2)}`;
}

/**
 * Reads the decrypted payload and the answer around it. The credential is the network token when
 * the payload has a usable one, else the card; the brand is maskedCard.paymentCardDescriptor (or the
 * number's prefix); the last four are the card's as the shopper saw them in the card list
 * (maskedCard.panLastFour), else the credential's; the expiry is the credential's.
 */
export function summarisePayload(payload: Json, answer: Json): PaymentSummary {
  const token = asObject(payload.token);
  const card = asObject(payload.card);
  const masked = asObject(answer.maskedCard);
  const tokenNumber = textOf(token.paymentToken);
  const cardNumber = textOf(card.primaryAccountNumber);
  let credential: PaymentCredential;
  let number: string;
  let expiry: string | undefined;
  if (tokenNumber && /^[0-9]{12,19}$/.test(tokenNumber)) {
    credential = 'TOKEN';
    number = tokenNumber;
    expiry = expiryOf(token.tokenExpirationMonth, token.tokenExpirationYear);
  } else if (cardNumber && /^[0-9]{12,19}$/.test(cardNumber)) {
    credential = 'CARD';
    number = cardNumber;
    expiry = expiryOf(card.panExpirationMonth, card.panExpirationYear);
  } else {
    throw new Error('the payload has neither a token nor a card');
  }
  expiry ??= expiryOf(masked.panExpirationMonth, masked.panExpirationYear);
  if (!expiry) throw new Error('the payload has no usable expiry');
  const descriptor = textOf(masked.paymentCardDescriptor)?.toLowerCase();
  const detected = detectCardBrand(number);
  const brand = descriptor
    ? SUPPORTED_CARD_BRANDS.find((b) => b === descriptor)
    : detected === 'unknown'
      ? undefined
      : detected;
  if (!brand) throw new Error(`the card brand (${descriptor ?? 'unknown'}) is not one the shop accepts`);
  const panLastFour = textOf(masked.panLastFour);
  const lastFour = panLastFour && /^[0-9]{4}$/.test(panLastFour) ? panLastFour : number.slice(-4);
  const dynamicDataType = textOf(asObject(payload.dynamicData).dynamicDataType) ?? null;
  const eci = textOf(asObject(answer.assuranceData).eci) ?? null;
  return { brand, lastFour, expiry, credential, dynamicDataType, eci };
}

/** The amount and currency the network checkout was made for, as the payload names them (else null). */
export function checkoutAmountOf(payload: Json): {
  transactionAmount: string | null;
  transactionCurrency: string | null;
} {
  const given = asObject(payload.transactionAmount);
  const amount = textOf(given.transactionAmount);
  const currency = textOf(given.transactionCurrencyCode);
  return {
    transactionAmount: amount && /^[0-9]{1,12}(\.[0-9]{1,6})?$/.test(amount) ? amount : null,
    transactionCurrency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
  };
}

/** The answer as the API log shows it: the encrypted payload cut to its first 24 characters. */
export function shortenEncryptedPayload(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const value = (body as Json).encryptedPayload;
  if (typeof value !== 'string') return body;
  return { ...(body as Json), encryptedPayload: value.length > 24 ? `${value.slice(0, 24)}…` : value };
}

export function toClickToPayPayment(row: PaymentRow): ClickToPayPayment {
  return {
    paymentId: row.id,
    brand: row.brand,
    lastFour: row.lastFour,
    expiry: row.expiry,
    credential: row.credential,
    dynamicDataType: row.dynamicDataType,
    eci: row.eci,
    ...authenticationPart(row),
  };
}

// ---- the service --------------------------------------------------------------------------------

export interface PaymentsService {
  /**
   * Fetches, decrypts and stores the payload of a COMPLETE checkout, for its payer. Throws
   * NetworkError, or PaymentOfAnotherPayer when another shopper or browser fetched it first.
   * Authentication data that does not check out is kept as UNVERIFIED and said in `log`.
   */
  fetchPayload(input: GetPayloadInput, payer: PayerMakingPayment, log?: FastifyBaseLogger): Promise<GetPayloadResponse>;
  /** Sends the post-transaction confirmation of an order's payment, once. Throws NetworkError. */
  confirm(found: OrderPaymentRow): Promise<ConfirmationResponse>;
  /**
   * Registers our payload key for one of the shop's DPAs at our own sandbox, once per process (a
   * payload the network releases to an agent is encrypted to it). Throws NetworkError.
   */
  registerPayloadKey(srcDpaId: string): Promise<void>;
}

export function paymentsService(
  db: Database,
  network: NetworkSettings,
  key: PayloadKey,
  signingKey: SigningKey,
): PaymentsService {
  /** DPAs whose key this process registered with our sandbox: some of the shop's few, never one a caller names. */
  const registered = new Set<string>();

  /** Every call to the network is signed as our client (OAuth 1.0a, RSA-SHA256). */
  const authorize = (method: string, url: string, body: string) =>
    oauthAuthorization({ method, url, body, consumerKey: network.clientId, privateKey: signingKey.privateKey });

  const flowHeaders = (flowId: string): Record<string, string> => ({
    'x-openapi-clientid': network.clientId,
    'X-SRC-CX-FLOW-ID': flowId,
  });

  async function registerKey(base: string, srcDpaId: string): Promise<void> {
    const answer = await callNetwork({
      method: 'PUT',
      url: `${base}/dpas/${encodeURIComponent(srcDpaId)}/key`,
      headers: { 'x-openapi-clientid': network.clientId },
      body: key.publicJwk,
      authorize,
    });
    if (!answer.ok) throw new NetworkError(`registering the payload key: ${failure(answer)}`, answer.record);
    registered.add(srcDpaId);
  }

  async function fetchPayload(
    input: GetPayloadInput,
    payer: PayerMakingPayment,
    log?: FastifyBaseLogger,
  ): Promise<GetPayloadResponse> {
    const headers = flowHeaders(input.flowId);
    const body = payloadRequestBody(input);
    const base = baseUrl(network, 'POST', '/srci/api/checkout', headers, body);
    const checkout = async (): Promise<{ answer: NetworkAnswer; plaintext?: Uint8Array; failed?: string }> => {
      const answer = await callNetwork({
        method: 'POST',
        url: `${base}/srci/api/checkout`,
        headers,
        body,
        redact: shortenEncryptedPayload,
        authorize,
      });
      if (!answer.ok) return { answer, failed: failure(answer) };
      return { answer, ...(await decryptPayload(answer, key)) };
    };

    if (network.isSandbox && !registered.has(input.srcDpaId)) await registerKey(base, input.srcDpaId);
    let fetched = await checkout();
    const refused = fetched.answer.status === 403 && networkReason(fetched.answer.body) === 'PERMISSION_DENIED';
    if (network.isSandbox && (refused || (fetched.answer.ok && !fetched.plaintext))) {
      // The sandbox lost our key, or holds another one (a reset database, a key registered by
      // another instance or by hand): register ours again and fetch once more.
      registered.delete(input.srcDpaId);
      await registerKey(base, input.srcDpaId);
      fetched = await checkout();
    }
    const { answer, plaintext } = fetched;
    if (!plaintext) throw new NetworkError(fetched.failed ?? failure(answer), answer.record);

    return storeFetchedPayment(db, input, payer, answer, plaintext, log);
  }

  async function confirm({ payment, order }: OrderPaymentRow): Promise<ConfirmationResponse> {
    const headers = flowHeaders(payment.flowId);
    if (payment.confirmedAt) return alreadyConfirmed(network, headers, payment.confirmedAt);
    const now = new Date();
    const body = confirmationBody({ payment, order }, now);
    const base = baseUrl(network, 'POST', '/srci/api/checkout/confirmations', headers, body);
    const answer = await callNetwork({
      method: 'POST',
      url: `${base}/srci/api/checkout/confirmations`,
      headers,
      body,
      authorize,
    });
    if (!answer.ok) throw new NetworkError(failure(answer), answer.record);
    const confirmedAt = await markConfirmed(db, payment.id, now);
    return { data: { confirmed: true, confirmedAt: confirmedAt.toISOString() }, network: answer.record };
  }

  async function registerPayloadKey(srcDpaId: string): Promise<void> {
    if (!network.isSandbox || registered.has(srcDpaId)) return;
    await registerKey(baseUrl(network, 'PUT', `/dpas/${srcDpaId}/key`, {}, key.publicJwk), srcDpaId);
  }

  return { fetchPayload, confirm, registerPayloadKey };
}

/** The checkout API's body (section 9.2 b): the payload of this merchant transaction. */
const payloadRequestBody = (input: GetPayloadInput) => ({
  srcDpaId: input.srcDpaId,
  correlationId: input.srcCorrelationId,
  checkoutType: 'CLICK_TO_PAY',
  checkoutReference: {
    type: 'MERCHANT_TRANSACTION_ID',
    data: { merchantTransactionId: input.merchantTransactionId },
  },
  dpaTransactionOptions: { transactionAmount: input.transactionAmount },
});

/** The network's base URL, or (our sandbox before the server listens) a NetworkError. */
function baseUrl(
  network: NetworkSettings,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): string {
  try {
    return network.baseUrl();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new NetworkError(reason, { method, url: path, headers, body, status: null, response: { error: reason } });
  }
}

/** Sent once only: this answer makes no call, so its record has no status. */
function alreadyConfirmed(
  network: NetworkSettings,
  headers: Record<string, string>,
  confirmedAt: Date,
): ConfirmationResponse {
  let url = '/srci/api/checkout/confirmations';
  try {
    url = `${network.baseUrl()}${url}`;
  } catch {
    // not listening (yet): the path alone
  }
  return {
    data: { confirmed: true, confirmedAt: confirmedAt.toISOString() },
    network: { method: 'POST', url, headers, body: null, status: null, response: null },
  };
}

/** A payload the network encrypted to our payload key (a compact JWE), decrypted; throws jose's error. */
export async function decryptWithPayloadKey(jwe: string, key: PayloadKey): Promise<Uint8Array> {
  const { plaintext } = await compactDecrypt(jwe, key.privateKey, {
    keyManagementAlgorithms: [PAYLOAD_KEY_ALGORITHM],
    contentEncryptionAlgorithms: ['A128CBC-HS256', 'A128GCM'],
  });
  return plaintext;
}

/** The payload of the network's answer, decrypted with our key, or why it could not be. */
async function decryptPayload(
  answer: NetworkAnswer,
  key: PayloadKey,
): Promise<{ plaintext: Uint8Array } | { failed: string }> {
  const jwe = asObject(answer.body).encryptedPayload;
  if (typeof jwe !== 'string') return { failed: 'the answer has no encryptedPayload' };
  try {
    return { plaintext: await decryptWithPayloadKey(jwe, key) };
  } catch (error) {
    // jose's messages name the step that failed, never the key or the plaintext.
    return { failed: `the payload does not decrypt: ${error instanceof Error ? error.message : error}` };
  }
}

/** Summarises the decrypted payload and stores the payment (and its installment plan). */
async function storeFetchedPayment(
  db: Database,
  input: GetPayloadInput,
  payer: PayerMakingPayment,
  answer: NetworkAnswer,
  plaintext: Uint8Array,
  log: FastifyBaseLogger | undefined,
): Promise<GetPayloadResponse> {
  const response = asObject(answer.body);
  const jwe = String(response.encryptedPayload);
  let summary: PaymentSummary;
  let amount: ReturnType<typeof checkoutAmountOf>;
  let installmentData: unknown;
  let authentication: CheckedAuthentication | undefined;
  try {
    const payload = asObject(JSON.parse(new TextDecoder().decode(plaintext)));
    summary = summarisePayload(payload, response);
    amount = checkoutAmountOf(payload);
    installmentData = storableInstallmentData(payload);
    authentication = checkAuthentication(payload, response);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new NetworkError(`the payload could not be used: ${reason}`, answer.record);
  }
  const stored: NewPayment = {
    srcDpaId: input.srcDpaId,
    correlationId: textOf(response.correlationId) ?? input.srcCorrelationId,
    merchantTransactionId: input.merchantTransactionId,
    flowId: input.flowId,
    encryptedPayload: jwe,
    ...summary,
    ...amount,
    ...authenticationColumns(authentication),
    payerUserId: payer.userId,
    payerCheckoutHash: payer.checkoutHash,
  };
  if (authentication?.problem) {
    log?.warn(
      { merchantTransactionId: input.merchantTransactionId },
      `getPayload: the payment's authentication data does not check out, kept as UNVERIFIED: ${authentication.problem}`,
    );
  }
  const row = await upsertPayment(db, stored, payer.heldCheckoutHash);
  if (!paysFor(row, payer)) throw new PaymentOfAnotherPayer();
  // An order that took the payment keeps the plan it was checked against.
  if (!row.orderId) await saveInstallmentData(db, row.id, installmentData);
  const plan = paidPlanOf({ installmentData: await findInstallmentData(db, row.id) });
  const installments = plan && plan !== 'MALFORMED' ? { installments: orderInstallmentsOf(plan) } : {};
  return { data: { ...toClickToPayPayment(row), ...installments }, network: answer.record };
}

/** The confirmation (section 10) of an order created with the payment. */
function confirmationBody({ payment, order }: OrderPaymentRow, now: Date) {
  return {
    correlationId: payment.correlationId,
    merchantTransactionId: payment.merchantTransactionId,
    confirmationData: {
      checkoutEventType: '01',
      checkoutEventStatus: '01',
      confirmationStatus: '01',
      confirmationReason: 'Order Successfully Created',
      confirmationTimestamp: now.toISOString(),
      networkTransactionIdentifier: 'UNAVLB',
      transactionAmount: {
        transactionAmount: fromCents(order.totalCents).toFixed(2),
        transactionCurrencyCode: order.currency,
      },
    },
  };
}

/** A line for the log: the status and the network's reason, or why it could not be reached. */
function failure(answer: NetworkAnswer): string {
  if (answer.status === null) {
    const reason = textOf(asObject(answer.record.response).error);
    return `network unreachable${reason ? `: ${reason}` : ''}`;
  }
  const reason = networkReason(answer.body);
  return `HTTP ${answer.status}${reason ? ` ${reason}` : ''}`;
}
