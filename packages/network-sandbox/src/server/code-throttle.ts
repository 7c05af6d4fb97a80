// Wrong one-time codes slow, then stop, code entry for whoever types them, for a while: the SDK
// session they were typed in, the address they came from and the browser's remembered device each
// count (the per-code limit of sdk-api/codes.ts slows first: three tries, then a new code). The
// profile is never locked by them, so a stranger who knows an email cannot lock its owner out; the
// owner's passkey, cookie and recognition tokens keep working, and so does a code from elsewhere.
import { inArray, lt, sql } from 'drizzle-orm';
import { sandboxCodeFailures } from '../store/schema.ts';
import type { SandboxDatabase } from './db.ts';
import { SdkError } from './errors.ts';
import { sha256 } from './keys.ts';

/**
 * Wrong codes one typist may type in a period; the next waits until the period is over. An
 * address may be many shoppers' (a household, an office behind one router): it counts higher.
 */
export const WRONG_CODES_ALLOWED = 6;
const WRONG_CODES_ALLOWED_PER_ADDRESS = 60;
export const WRONG_CODE_PERIOD_MS = 15 * 60 * 1000;

/** Who typed a code: the SDK session, the address and (when the browser has one) its remembered device. */
export interface CodeTypist {
  sessionTokenHash: string;
  address: string;
  deviceCookie?: string | undefined;
}

/** The typist's counts: each key's hash and how many wrong codes it may type in a period. */
const keysOf = (typist: CodeTypist): { keyHash: string; allowed: number }[] => [
  { keyHash: sha256(`session:${typist.sessionTokenHash}`), allowed: WRONG_CODES_ALLOWED },
  { keyHash: sha256(`address:${typist.address}`), allowed: WRONG_CODES_ALLOWED_PER_ADDRESS },
  ...(typist.deviceCookie ? [{ keyHash: sha256(`device:${typist.deviceCookie}`), allowed: WRONG_CODES_ALLOWED }] : []),
];

/** 429 RETRIES_EXCEEDED while any of the typist's counts is at the limit, naming the wait. */
export async function assertMayTypeCode(db: SandboxDatabase, typist: CodeTypist, now = new Date()): Promise<void> {
  const keys = keysOf(typist);
  const allowed = new Map(keys.map((key) => [key.keyHash, key.allowed]));
  const rows = await db
    .select()
    .from(sandboxCodeFailures)
    .where(
      inArray(
        sandboxCodeFailures.keyHash,
        keys.map((key) => key.keyHash),
      ),
    );
  const until = rows
    .filter((row) => row.failures >= allowed.get(row.keyHash)!)
    .map((row) => row.since.getTime() + WRONG_CODE_PERIOD_MS)
    .filter((end) => end > now.getTime());
  if (until.length === 0) return;
  const minutes = Math.ceil((Math.max(...until) - now.getTime()) / 60_000);
  throw new SdkError(
    429,
    'RETRIES_EXCEEDED',
    `Too many wrong codes from here: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
  );
}

/** Counts one wrong code for each of the typist's keys (a count older than the period starts again). */
export async function countWrongCode(db: SandboxDatabase, typist: CodeTypist, now = new Date()): Promise<void> {
  const periodStart = new Date(now.getTime() - WRONG_CODE_PERIOD_MS);
  for (const { keyHash } of keysOf(typist)) {
    await db
      .insert(sandboxCodeFailures)
      .values({ keyHash, failures: 1, since: now })
      .onConflictDoUpdate({
        target: sandboxCodeFailures.keyHash,
        set: {
          failures: sql`case when ${sandboxCodeFailures.since} < ${periodStart} then 1 else ${sandboxCodeFailures.failures} + 1 end`,
          since: sql`case when ${sandboxCodeFailures.since} < ${periodStart} then ${now} else ${sandboxCodeFailures.since} end`,
        },
      });
  }
}

/** Forgets counts whose period is over. */
export async function sweepCodeFailures(db: SandboxDatabase, now = new Date()): Promise<void> {
  await db
    .delete(sandboxCodeFailures)
    .where(lt(sandboxCodeFailures.since, new Date(now.getTime() - WRONG_CODE_PERIOD_MS)));
}
