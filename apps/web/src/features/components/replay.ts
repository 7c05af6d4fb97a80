import type { ApiLogEntry, ApiLogTransaction } from '../api-log';

type Input = Record<string, unknown>;

export interface Replay {
  /** The logged call's name. */
  name: string;
  input: Input;
  /** The request fields the log had masked, replaced by the test data. */
  substituted: string[];
}

const object = (value: unknown): Input =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Input) : {};

/** What the logged call was given, in the shape of the page's input. */
function loggedInput(slug: string, log: ApiLogEntry, transaction: ApiLogTransaction, index: number): Input {
  const request = object(log.request);
  switch (slug) {
    case 'email-lookup':
      return { email: request.email };
    case 'otp-input': {
      // initiateValidation takes nothing: the email is the one this transaction looked up before it.
      const lookup = transaction.logs
        .slice(0, index)
        .reverse()
        .find((entry) => entry?.name === 'idLookup');
      return lookup ? { email: object(lookup.request).email } : {};
    }
    case 'authenticate': {
      const identity = object(object(request.accountReference).consumerIdentity);
      return { email: identity.identityValue, requestRecognitionToken: request.requestRecognitionToken === true };
    }
    case 'card-encryption':
      return request;
    case 'checkout-with-card':
      return { srcDigitalCardId: request.srcDigitalCardId };
    case 'checkout-with-new-card':
      // The card went to the network encrypted, and the log keeps only the start of that.
      return { encryptedCard: request.encryptedCard, emailAddress: object(request.consumer).emailAddress };
    case 'fetch-payload':
    case 'post-confirmation': {
      const { transactionAmount: _amount, ...body } = object(request.body);
      return body;
    }
    default:
      return {};
  }
}

/**
 * The input that runs a logged call again (issue 17: replay): the logged call's own input, with
 * the test data in place of each value the log masked (a card number, a security code).
 */
export function replayInput(
  slug: string,
  log: ApiLogEntry,
  transaction: ApiLogTransaction,
  index: number,
  defaults: Input,
  maskedPaths: readonly string[],
): Replay {
  const logged = loggedInput(slug, log, transaction, index);
  const input: Input = { ...defaults };
  const substituted: string[] = [];
  const masked = (key: string) =>
    maskedPaths.some((path) => path === `request.${key}` || path === `request.body.${key}`);
  for (const [key, value] of Object.entries(logged)) {
    if (key === 'encryptedCard') {
      // Not an input of the page: it encrypts the test card again.
      substituted.push(key);
      continue;
    }
    if (value === undefined) continue;
    if (masked(key)) substituted.push(key);
    else input[key] = value;
  }
  return { name: String(log.name), input, substituted };
}
