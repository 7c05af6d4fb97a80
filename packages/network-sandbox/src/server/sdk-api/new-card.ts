// A new card (checkoutWithNewCard, enrollCard): decrypted, checked and stored.
import { isLuhnValid } from '@c2p/domain';
import { brandOf, newDigitalCardId, parFor, tokenFor } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { SdkError } from '../errors.ts';
import { storableJson, unstorableText } from '../input.ts';
import type { NetworkKeys } from '../keys.ts';
import { isObject, nonEmptyString, type Json } from '../util.ts';
import { insertCard } from './repository.ts';

async function decryptedCard(keys: NetworkKeys, body: Json): Promise<Json> {
  const jwe = nonEmptyString(body.encryptedCard);
  if (!jwe) throw new SdkError(400, 'CARD_MISSING', 'Pass the encryptedCard from encryptCard');
  try {
    return await keys.decryptCard(jwe);
  } catch {
    throw new SdkError(400, 'CARD_INVALID', 'encryptedCard is not a JWE to the sandbox card-encryption key');
  }
}

/** The card's expiry as MM and YYYY, when valid and not past. */
function expiryOf(card: Json): { month: string; year: string } {
  const month = String(card.panExpirationMonth ?? '').padStart(2, '0');
  let year = String(card.panExpirationYear ?? '');
  if (/^\d{2}$/.test(year)) year = `20${year}`;
  const now = new Date();
  const monthNumber = Number(month);
  if (!/^\d{4}$/.test(year) || !(monthNumber >= 1 && monthNumber <= 12)) {
    throw new SdkError(400, 'CARD_EXP_INVALID', 'The expiry date is not valid');
  }
  if (Number(year) * 12 + monthNumber < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1) {
    throw new SdkError(400, 'CARD_EXP_INVALID', 'The card has expired');
  }
  return { month, year };
}

/** Refuses names and addresses the database cannot keep. */
function assertStorable(card: Json): void {
  const unstorable =
    storableJson(card.cardholderFullName, 'cardholderFullName', 200) ??
    storableJson(card.cardholderFirstName, 'cardholderFirstName', 100) ??
    storableJson(card.cardholderLastName, 'cardholderLastName', 100) ??
    (card.billingAddress === undefined || isObject(card.billingAddress)
      ? storableJson(card.billingAddress, 'billingAddress', 2048)
      : { field: 'billingAddress', message: 'billingAddress must be an object' }) ??
    unstorableText(card, 'card');
  if (unstorable) throw new SdkError(400, 'CARD_INVALID', unstorable.message);
}

export type NewCardRow = Parameters<typeof insertCard>[1];

/** The encrypted card of the body, checked: the row to store, not yet the profile's. */
export async function newCardOf(keys: NetworkKeys, body: Json): Promise<NewCardRow> {
  const card = await decryptedCard(keys, body);
  const pan = String(card.primaryAccountNumber ?? '').replace(/\D/g, '');
  if (pan.length < 12 || pan.length > 19 || !isLuhnValid(pan)) {
    throw new SdkError(400, 'CARD_INVALID', 'The card number is not valid');
  }
  const { month, year } = expiryOf(card);
  if (!/^\d{3,4}$/.test(String(card.cardSecurityCode ?? ''))) {
    throw new SdkError(400, 'CARD_SECURITY_CODE_MISSING', 'The security code is missing or not valid');
  }
  const brand = brandOf(pan);
  const claimed = nonEmptyString(body.cardBrand);
  if (claimed && claimed.toLowerCase() !== brand) {
    throw new SdkError(400, 'INVALID_PARAMETER', `cardBrand ${claimed} does not match the card (${brand})`);
  }
  assertStorable(card);
  const name =
    nonEmptyString(card.cardholderFullName) ??
    ([card.cardholderFirstName, card.cardholderLastName].filter((p) => typeof p === 'string' && p).join(' ') || null);
  return {
    srcDigitalCardId: newDigitalCardId(),
    consumerId: null,
    primaryAccountNumber: pan,
    expirationMonth: month,
    expirationYear: year,
    cardholderName: name,
    brand,
    // Every card the network enrols is tokenized: the payload carries its token unless the merchant
    // asks for the card number (network-api/payload.ts). The stored kind is kept for the rows' shape.
    payloadKind: 'TOKEN',
    paymentToken: tokenFor(pan),
    paymentAccountReference: parFor(pan),
    descriptorName: `${brand[0]!.toUpperCase()}${brand.slice(1)} card`,
    billingAddress: isObject(card.billingAddress)
      ? Object.fromEntries(Object.entries(card.billingAddress).map(([k, v]) => [k, String(v)]))
      : null,
  };
}

/** Stores the encrypted card of the body (without a consumer yet); answers its new srcDigitalCardId. */
export async function storeNewCard(db: SandboxDatabase, keys: NetworkKeys, body: Json): Promise<string> {
  const row = await newCardOf(keys, body);
  await insertCard(db, row);
  return row.srcDigitalCardId;
}
