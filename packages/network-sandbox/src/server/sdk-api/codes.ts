// The one-time codes a consumer types (initiateValidation/validate and a new card's checkout).
import type { ConsumerRow } from '../cards.ts';
import { assertMayTypeCode, countWrongCode as countTypistsWrongCode, type CodeTypist } from '../code-throttle.ts';
import type { SandboxDatabase } from '../db.ts';
import { SdkError } from '../errors.ts';
import { sha256 } from '../keys.ts';
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

/** Counts a wrong code for this code and for whoever typed it; always throws the network's reason. */
async function wrongCode(db: SandboxDatabase, challenge: ChallengeRow, typist: CodeTypist): Promise<never> {
  const failedAttempts = await countWrongCode(db, challenge.id);
  await countTypistsWrongCode(db, typist);
  if ((failedAttempts ?? MAX_OTP_ATTEMPTS) >= MAX_OTP_ATTEMPTS) throw retriesExceeded();
  throw new SdkError(400, 'CODE_INVALID', 'The code is not valid');
}

/**
 * Checks a code typed in the typist's SDK session against its latest challenge; throws the
 * network's reason when wrong, or when the typist typed too many wrong codes lately.
 */
export async function checkCode(db: SandboxDatabase, typist: CodeTypist, value: string): Promise<ConsumerRow> {
  if (!value) throw new SdkError(400, 'VALIDATION_DATA_MISSING', 'Pass the code the consumer typed as { value }');
  await assertMayTypeCode(db, typist);
  const challenge = await latestChallenge(db, typist.sessionTokenHash);
  if (!challenge || challenge.verifiedAt) {
    throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent: call initiateValidation first');
  }
  const consumer = await findConsumer(db, challenge.consumerId);
  if (!consumer || consumer.locked) throw inaccessible();
  if (challenge.failedAttempts >= MAX_OTP_ATTEMPTS) throw retriesExceeded();
  if (challenge.expiresAt.getTime() < Date.now()) {
    throw new SdkError(400, 'CODE_EXPIRED', 'The code has expired: ask for a new one with initiateValidation');
  }
  if (sha256(value) !== challenge.codeHash) return wrongCode(db, challenge, typist);
  // Used once: a second request with the same code finds it verified.
  if (!(await markChallengeVerified(db, challenge.id))) {
    throw new SdkError(400, 'INVALID_REQUEST', 'No code was sent: call initiateValidation first');
  }
  return consumer;
}
