// The decrypted payload (reference section 9.3) and its assurance data.
import { randomBytes } from 'node:crypto';
import { networkTokenOf, type CardRow, type ConsumerRow } from '../cards.ts';
import { MAX_DYNAMIC_DATA_TTL_MINUTES } from '../input.ts';
import { asObject, type Json } from '../util.ts';

const DYNAMIC_DATA_TTL_MS = 15 * 60 * 1000;

/**
 * What the merchant asked the payload to carry (reference sections 4.2 and 9.3). Click to Pay is a
 * tokenized checkout: by default the network token and a cryptogram. The card number comes only
 * when the merchant's paymentOptions ask for it: `dynamicDataType: 'NONE'` (the card alone),
 * `'DYNAMIC_CARD_SECURITY_CODE'` (the card and a dynamic security code in place of its CVC2) or
 * `dpaPanRequested: true` (the card instead of the token, with the cryptogram).
 */
function payloadForm(paymentOptions: Json): { credential: 'TOKEN' | 'CARD'; dynamicDataType: string | null } {
  const asked = String(paymentOptions.dynamicDataType ?? 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM');
  if (asked === 'NONE') return { credential: 'CARD', dynamicDataType: null };
  if (asked === 'DYNAMIC_CARD_SECURITY_CODE') return { credential: 'CARD', dynamicDataType: asked };
  // Older and Visa samples name other cryptograms (TAVV): the sandbox answers its short form.
  const cryptogram = asked.startsWith('CARD_APPLICATION_CRYPTOGRAM') ? asked : 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM';
  return { credential: paymentOptions.dpaPanRequested === true ? 'CARD' : 'TOKEN', dynamicDataType: cryptogram };
}

/** The decrypted payload (reference section 9.3) for a card and the transaction options. */
export function buildPayload(card: CardRow, consumer: ConsumerRow | undefined, options: Json, now = new Date()): Json {
  const paymentOptions = Array.isArray(options.paymentOptions)
    ? asObject(options.paymentOptions[0])
    : asObject(options.paymentOptions);
  const minutes = Number(paymentOptions.dpaDynamicDataTtlMinutes);
  // Callers are refused bad values first (input.ts); this keeps the date valid whatever reaches it.
  const ttl =
    Number.isInteger(minutes) && minutes > 0 && minutes <= MAX_DYNAMIC_DATA_TTL_MINUTES
      ? minutes * 60_000
      : DYNAMIC_DATA_TTL_MS;
  const expiration = new Date(now.getTime() + ttl).toISOString();
  const { credential, dynamicDataType } = payloadForm(paymentOptions);
  const payload: Json = {};
  if (credential === 'TOKEN') {
    payload.token = {
      paymentToken: networkTokenOf(card),
      tokenExpirationMonth: card.expirationMonth,
      tokenExpirationYear: card.expirationYear,
      paymentAccountReference: card.paymentAccountReference,
      ...(card.cardholderName ? { cardholderFullName: card.cardholderName } : {}),
    };
  } else {
    payload.card = {
      primaryAccountNumber: card.primaryAccountNumber,
      panExpirationMonth: card.expirationMonth,
      panExpirationYear: card.expirationYear,
      ...(card.cardholderName ? { cardholderFullName: card.cardholderName } : {}),
      ...(card.billingAddress ? { billingAddress: card.billingAddress } : {}),
      paymentAccountReference: card.paymentAccountReference,
    };
  }
  if (dynamicDataType === 'DYNAMIC_CARD_SECURITY_CODE') {
    payload.dynamicData = {
      dynamicDataType,
      dynamicDataValue: String(100 + (randomBytes(2).readUInt16BE() % 900)),
      dynamicDataExpiration: expiration,
    };
  } else if (dynamicDataType) {
    payload.dynamicData = {
      dynamicDataType,
      dynamicDataValue: randomBytes(21).toString('base64'),
      dynamicDataExpiration: expiration,
    };
  }
  const billing = String(options.dpaBillingPreference ?? 'NONE');
  if (card.billingAddress && billing !== 'NONE') {
    payload.billingAddress =
      billing === 'POSTAL_COUNTRY'
        ? { zip: card.billingAddress.zip, countryCode: card.billingAddress.countryCode }
        : card.billingAddress;
  }
  if (consumer) {
    if (options.consumerEmailAddressRequested === true) payload.consumerEmailAddress = consumer.email;
    if (options.consumerNameRequested === true) {
      if (consumer.firstName) payload.consumerFirstName = consumer.firstName;
      if (consumer.lastName) payload.consumerLastName = consumer.lastName;
      const full = [consumer.firstName, consumer.lastName].filter(Boolean).join(' ');
      if (full) payload.consumerFullName = full;
    }
    if (options.consumerPhoneNumberRequested === true && consumer.mobileNumber) {
      payload.consumerMobileNumber = {
        countryCode: consumer.mobileCountryCode ?? '1',
        phoneNumber: consumer.mobileNumber,
      };
    }
  }
  payload.srcTokenResultsData = {
    tokenRequestorId: '50123456789',
    unpredictableNumber: randomBytes(4).toString('hex'),
  };
  return payload;
}

/**
 * A payment by network token with a fresh cryptogram, for this amount (a card on file's, an agent's):
 * the payload, and the cryptogram (kept by its hash only).
 */
export function cryptogramPayload(
  card: CardRow,
  paymentToken: string,
  amount: { amount: string; currency: string },
  expiresAt: Date,
): { payload: Json; cryptogram: string } {
  const cryptogram = randomBytes(21).toString('base64');
  const payload: Json = {
    token: {
      paymentToken,
      tokenExpirationMonth: card.expirationMonth,
      tokenExpirationYear: card.expirationYear,
      paymentAccountReference: card.paymentAccountReference,
      ...(card.cardholderName ? { cardholderFullName: card.cardholderName } : {}),
    },
    dynamicData: {
      dynamicDataType: 'CARD_APPLICATION_CRYPTOGRAM_SHORT_FORM',
      dynamicDataValue: cryptogram,
      dynamicDataExpiration: expiresAt.toISOString(),
    },
    transactionAmount: { transactionAmount: amount.amount, transactionCurrencyCode: amount.currency },
    srcTokenResultsData: { tokenRequestorId: '50123456789', unpredictableNumber: randomBytes(4).toString('hex') },
  };
  return { payload, cryptogram };
}
