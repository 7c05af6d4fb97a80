// The one-time codes a consumer types (initiateValidation/validate and a new card's checkout).
import type { ConsumerRow } from '../cards.ts';
import type { SandboxDatabase } from '../db.ts';
import { SdkError } from '../errors.ts';
import { sha256 } from '../keys.ts';
import { lockAfterRepeatedFailures, resetWrongCodes } from '../lockout.ts';
import { inaccessible, MAX_OTP_ATTEMPTS } from './context.ts';
import {
  countWrongCode,
  findConsumer,
  latestChallenge,
  markChallengeVerified,
  replaceChallenge,
  type ChallengeRow,
} from './repository.ts';

/** A new code for the session (the one before it is void); answers the challenge id. */
export const sendCode = replaceChallenge;

const retriesExceeded = () =>
  new SdkError(400, 'RETRIES_EXCEEDED', 'Too many wrong codes: ask for a new one with initiateValidation');

/** Counts a wrong code (and locks the profile after too many); always throws the network's reason. */
async function wrongCode(db: SandboxDatabase, challenge: ChallengeRow, consumer: ConsumerRow): Promise<never> {
  const failedAttempts = await countWrongCode(db, challenge.id);
  if (await lockAfterRepeatedFailures(db, consumer)) throw inaccessible();
  if ((failedAttempts ?? MAX_OTP_ATTEMPTS) >= MAX_OTP_ATTEMPTS) throw retriesExceeded();
  throw new SdkError(400, 'CODE_INVALID', 'The code is not valid');
}

/** Checks a typed code against the session's latest challenge; throws the network's reason when wrong. */
export async function checkCode(db: SandboxDatabase, sessionTokenHash: string, value: string): Promise<ConsumerRow> {
  if (!value) throw new SdkError(400, 'VALIDATION_DATA_MISSING', 'Pass the code the consumer typed as { value }');
  const challenge = await latestChallenge(db, sessionTokenHash);
  if (!challenge || challenge.verifiedAt) {
    throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent: call initiateValidation first');
  }
  const consumer = await findConsumer(db, challenge.consumerId);
  if (!consumer || consumer.locked) throw inaccessible();
  if (challenge.failedAttempts >= MAX_OTP_ATTEMPTS) throw retriesExceeded();
  if (challenge.expiresAt.getTime() < Date.now()) {
    throw new SdkError(400, 'CODE_EXPIRED', 'The code has expired: ask for a new one with initiateValidation');
  }
  if (sha256(value) !== challenge.codeHash) return wrongCode(db, challenge, consumer);
  // Used once: a second request with the same code finds it verified.
  if (!(await markChallengeVerified(db, challenge.id))) {
    throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent: call initiateValidation first');
  }
  await resetWrongCodes(db, consumer);
  return consumer;
}
