import { describe, expect, it } from 'vitest';
import { PROFILE_TEST_CARDS, testCardExpiryDate } from '../test-data.ts';
import { BUILT_IN_MOCK_SRC_FILES, mockSrcAnswer, mockSrcFileErrors } from './index.ts';

/** Every masked card in a value (anything with a panLastFour), wherever it is nested. */
const maskedCards = (value: unknown): Record<string, unknown>[] =>
  typeof value !== 'object' || value === null
    ? []
    : [
        ...('panLastFour' in value ? [value as Record<string, unknown>] : []),
        ...Object.values(value).flatMap(maskedCards),
      ];

describe('mock SRC files', () => {
  it('show each test card as the sandbox does: its type, its issuer and its expiry from the test data (issue 38 item 7)', () => {
    const { month, year } = testCardExpiryDate();
    const cards = maskedCards(BUILT_IN_MOCK_SRC_FILES);
    expect(cards.map((card) => card.panLastFour)).toEqual(expect.arrayContaining(['8785', '9726']));
    for (const card of cards) {
      const known = PROFILE_TEST_CARDS.find((c) => c.cardNumber.endsWith(String(card.panLastFour)));
      expect(known, `a test card ending ${String(card.panLastFour)}`).toBeDefined();
      expect(card).toMatchObject({
        panExpirationMonth: month,
        panExpirationYear: year,
        paymentCardDescriptor: known!.brand,
        paymentCardType: known!.cardType,
        digitalCardData: { descriptorName: known!.descriptorName },
      });
    }
  });

  it('accepts the smallest file the issue names, and every shipped file', () => {
    expect(mockSrcFileErrors({ idLookup: { consumerPresent: true } })).toEqual([]);
    for (const [name, file] of Object.entries(BUILT_IN_MOCK_SRC_FILES)) {
      expect(mockSrcFileErrors(file), name).toEqual([]);
    }
  });

  it('names the bad field: an unknown method, a reject without a reason code, a bad byInput', () => {
    expect(mockSrcFileErrors({ stealCookies: {} })).toEqual([
      { field: 'stealCookies', message: 'stealCookies is not a method of the Click to Pay SDK' },
    ]);
    expect(mockSrcFileErrors({ validate: { reject: { reason: 'wrong code' } } })[0]?.field).toBe(
      'validate.reject.reason',
    );
    expect(mockSrcFileErrors({ validate: { reject: { message: 'no reason' } } })[0]?.field).toBe(
      'validate.reject.reason',
    );
    expect(mockSrcFileErrors({ validate: { byInput: [{ match: 'x', response: 1 }] } })[0]?.field).toBe(
      'validate.byInput.0.match',
    );
    expect(mockSrcFileErrors([1, 2])[0]?.field).toBe('content');
    expect(mockSrcFileErrors('text')[0]?.field).toBe('content');
  });

  it('answers by input: the first case that matches, else the default', () => {
    const file = BUILT_IN_MOCK_SRC_FILES['repeat-user-new-device.json']!;
    const right = mockSrcAnswer(file, 'validate', { value: '123456', rememberMe: true });
    expect(right.outcome).toBe('resolve');
    expect((right as { value: unknown[] }).value).toHaveLength(2);
    expect(mockSrcAnswer(file, 'validate', { value: '000000' })).toEqual({
      outcome: 'reject',
      error: { reason: 'CODE_INVALID', message: 'The supplied OTP value was invalid. Try again' },
    });
    expect(mockSrcAnswer(file, 'idLookup', { email: 'x@example.com' })).toEqual({
      outcome: 'resolve',
      value: { consumerPresent: true },
    });
    expect(mockSrcAnswer({}, 'signOut', undefined)).toEqual({ outcome: 'resolve', value: null });
    expect(mockSrcAnswer(file, 'description', undefined)).toEqual({ outcome: 'resolve', value: null });
  });

  it('matches an object field whatever the order of its keys (a stored file keeps none): the passkey shopper', () => {
    const file = BUILT_IN_MOCK_SRC_FILES['passkey.json']!;
    const reordered = JSON.parse(JSON.stringify(file)) as {
      authenticate: { byInput: { match: Record<string, unknown> }[] };
    };
    reordered.authenticate.byInput[0]!.match = {
      accountReference: {
        consumerIdentity: {
          identityValue: 'passkey.user@example.com',
          identityType: 'EMAIL_ADDRESS',
          identityProvider: 'SRC',
        },
      },
    };
    const asked = {
      requestRecognitionToken: true,
      accountReference: {
        consumerIdentity: {
          identityProvider: 'SRC',
          identityType: 'EMAIL_ADDRESS',
          identityValue: 'passkey.user@example.com',
        },
      },
    };
    expect(mockSrcAnswer(reordered, 'authenticate', asked)).toMatchObject({
      outcome: 'resolve',
      value: { authenticationStatus: 'AUTHENTICATED', authenticationMethod: 'PASSKEY' },
    });
    const stranger = { accountReference: { consumerIdentity: { identityValue: 'nobody@example.com' } } };
    expect(mockSrcAnswer(reordered, 'authenticate', stranger)).toMatchObject({
      value: { authenticationStatus: 'NOT_FOUND', cards: [] },
    });
  });
});
