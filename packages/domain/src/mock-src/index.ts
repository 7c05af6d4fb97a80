import cardOnFile from './files/card-on-file.json' with { type: 'json' };
import errorDeclinedCard from './files/error-declined-card.json' with { type: 'json' };
import errorLockedProfile from './files/error-locked-profile.json' with { type: 'json' };
import errorWrongCode from './files/error-wrong-code.json' with { type: 'json' };
import installments from './files/installments.json' with { type: 'json' };
import newUser from './files/new-user.json' with { type: 'json' };
import passkey from './files/passkey.json' with { type: 'json' };
import repeatUserNewDevice from './files/repeat-user-new-device.json' with { type: 'json' };
import returningUser from './files/returning-user.json' with { type: 'json' };
import { PROFILE_TEST_CARDS, testCardExpiryDate } from '../test-data.ts';
import type { MockSrcFile } from './schema.ts';

export * from './schema.ts';

/**
 * A masked card of a shipped file as the sandbox shows the same test card (issue 38 item 7): its
 * type, its issuer's name and its expiry come from the test data, whatever the file says.
 */
function asTestCard(card: Record<string, unknown>, now: Date): Record<string, unknown> {
  const known = PROFILE_TEST_CARDS.find(
    ({ cardNumber }) => cardNumber.startsWith(String(card.panBin)) && cardNumber.endsWith(String(card.panLastFour)),
  );
  if (!known) return card;
  const { month, year } = testCardExpiryDate(now);
  const digitalCardData = { ...(card.digitalCardData as object), descriptorName: known.descriptorName };
  return {
    ...card,
    panExpirationMonth: month,
    panExpirationYear: year,
    paymentCardDescriptor: known.brand,
    paymentCardType: known.cardType,
    digitalCardData,
  };
}

/** The file with each of its masked cards (anything with a panLastFour) as the test data has it. */
export function withTestCards<T>(value: T, now = new Date()): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withTestCards(item, now)) as T;
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, item]) => [key, withTestCards(item, now)]);
  const copy = Object.fromEntries(entries) as Record<string, unknown>;
  return ('panLastFour' in copy ? asTestCard(copy, now) : copy) as T;
}

const SHIPPED: Record<string, MockSrcFile> = {
  'new-user.json': newUser,
  'returning-user.json': returningUser,
  'repeat-user-new-device.json': repeatUserNewDevice,
  'passkey.json': passkey,
  'card-on-file.json': cardOnFile,
  'installments.json': installments,
  'error-wrong-code.json': errorWrongCode,
  'error-locked-profile.json': errorLockedProfile,
  'error-declined-card.json': errorDeclinedCard,
};

/** The mock SRC files shipped with the product (seeded as built-in, never deleted), their cards as the test data has them. */
export const BUILT_IN_MOCK_SRC_FILES: Readonly<Record<string, MockSrcFile>> = withTestCards(SHIPPED);
