// Card helpers: brand from the number, the network's ids, and the MaskedCard / MaskedConsumer
// shapes of reference sections 4.4 and 4.5.
import { createHash, randomBytes } from 'node:crypto';
import { isLuhnValid } from '@c2p/domain';
import { cardBrandOf } from '@c2p/domain/card-brand';
import type { MaskedCard, MaskedConsumer } from '../api/schemas.ts';
import type { sandboxCards, sandboxConsumers } from '../store/schema.ts';

export type CardRow = typeof sandboxCards.$inferSelect;
export type ConsumerRow = typeof sandboxConsumers.$inferSelect;

export function brandOf(pan: string): string {
  return cardBrandOf(pan);
}

/** A srcDigitalCardId as the network formats them: 22 base64url characters then `000000000000US`. */
export function newDigitalCardId(): string {
  return `${randomBytes(16).toString('base64url')}000000000000US`;
}

/** A stable, fake network token (DPAN) for a card: same BIN family, Luhn-valid. */
export function tokenFor(pan: string): string {
  const digest = createHash('sha256').update(`token:${pan}`).digest();
  let body = '5299920';
  for (let i = 0; body.length < 15; i += 1) body += String(digest[i]! % 10);
  for (let check = 0; check < 10; check += 1) {
    if (isLuhnValid(body + check)) return body + check;
  }
  return `${body}0`;
}

/** A card's network token: the one stored at enrolment, or (rows stored before every card had one) its own. */
export function networkTokenOf(card: Pick<CardRow, 'paymentToken' | 'primaryAccountNumber'>): string {
  return card.paymentToken ?? tokenFor(card.primaryAccountNumber);
}

/** A payment account reference: 29 characters, stable per card. */
export function parFor(pan: string): string {
  const digest = createHash('sha256').update(`par:${pan}`).digest('hex').toUpperCase();
  return `5001${digest.slice(0, 25)}`;
}

export function maskWord(word: string): string {
  return word
    .split(' ')
    .map((part) => (part.length <= 1 ? part : `${part[0]}${'*'.repeat(part.length - 1)}`))
    .join(' ');
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const visible = local.length <= 2 ? local.slice(0, 1) : `${local[0]}`;
  const tail = local.length > 2 ? local[local.length - 1] : '';
  return `${visible}${'*'.repeat(Math.max(1, local.length - visible.length - tail!.length))}${tail}@${domain}`;
}

export function maskPhone(number: string): string {
  return `${'*'.repeat(Math.max(0, number.length - 3))}${number.slice(-3)}`;
}

export interface DcfInfo {
  uri: string;
}

export function maskedCard(card: CardRow, dcf: DcfInfo): MaskedCard {
  const name = card.cardholderName ?? '';
  const billing = card.billingAddress;
  return {
    srcDigitalCardId: card.srcDigitalCardId,
    srcPaymentCardId: card.srcPaymentCardId,
    panBin: card.primaryAccountNumber.slice(0, 6),
    panLastFour: card.primaryAccountNumber.slice(-4),
    tokenBinRange: networkTokenOf(card).slice(0, 4),
    tokenLastFour: networkTokenOf(card).slice(-4),
    panExpirationMonth: card.expirationMonth,
    panExpirationYear: card.expirationYear,
    paymentCardDescriptor: card.brand,
    paymentCardType: card.cardType,
    digitalCardData: {
      status: 'ACTIVE',
      presentationName: 'Sandbox Bank',
      descriptorName: card.descriptorName,
      artUri: `${dcf.uri.replace(/\/dcf$/, '')}/card-art/${card.brand}.svg`,
      artHeight: 120,
      artWidth: 190,
    },
    digitalCardFeatures: [],
    // Public integrations type it as an opaque string and never show content; ours is empty.
    digitalCardRelatedData: '',
    countryCode: 'US',
    ...(billing
      ? {
          maskedBillingAddress: {
            addressId: card.srcPaymentCardId,
            name: maskWord(billing.name ?? name),
            line1: maskWord(billing.line1 ?? ''),
            city: billing.city ?? '',
            state: billing.state ?? '',
            countryCode: billing.countryCode ?? 'US',
            zip: billing.zip ?? '',
            createTime: card.createdAt.toISOString(),
          },
        }
      : {}),
    // `type` is what the network's own mobile sample reads; the spec example says applicationType.
    dcf: {
      type: 'WEB_BROWSER',
      applicationType: 'WEB_BROWSER',
      uri: dcf.uri,
      logoUri: `${dcf.uri.replace(/\/dcf$/, '')}`,
      name: 'mastercard',
    },
    serviceId: 'SRC',
    paymentAccountReference: card.paymentAccountReference,
    dateOfCardCreated: card.createdAt.toISOString(),
    ...(card.lastUsedAt ? { dateOfCardLastUsed: card.lastUsedAt.toISOString() } : {}),
  };
}

export function maskedConsumer(consumer: ConsumerRow): MaskedConsumer {
  const first = consumer.firstName ?? '';
  const last = consumer.lastName ?? '';
  return {
    srcConsumerId: consumer.id,
    maskedConsumerIdentity: {
      identityProvider: 'SRC',
      identityType: 'EMAIL_ADDRESS',
      maskedIdentityValue: maskEmail(consumer.email),
    },
    maskedEmailAddress: maskEmail(consumer.email),
    ...(consumer.mobileNumber
      ? {
          maskedMobileNumber: {
            countryCode: consumer.mobileCountryCode ?? '1',
            phoneNumber: maskPhone(consumer.mobileNumber),
          },
        }
      : {}),
    countryCode: consumer.countryCode,
    languageCode: 'EN',
    status: consumer.locked ? 'LOCKED' : 'ACTIVE',
    ...(first ? { maskedFirstName: maskWord(first.toLowerCase()) } : {}),
    ...(last ? { maskedLastName: maskWord(last.toLowerCase()) } : {}),
    ...(first || last ? { maskedFullName: maskWord(`${first} ${last}`.trim().toLowerCase()) } : {}),
    dateConsumerAdded: consumer.createdAt.toISOString(),
    ...(consumer.lastUsedAt ? { dateConsumerLastUsed: consumer.lastUsedAt.toISOString() } : {}),
  };
}
