import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2;

/** An argon2id hash of the password (salted, with the library's default cost). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

// Verifying against a real hash when the account is unknown keeps the answer time the same,
// so timing does not tell which emails have accounts.
let dummyHash: Promise<string> | undefined;

/** Whether the password matches the stored hash; with no hash it spends the same time and says no. */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  const stored = storedHash ?? (await (dummyHash ??= hashPassword(randomBytes(16).toString('hex'))));
  const ok = await verify(stored, password).catch(() => false);
  return ok && storedHash !== undefined;
}
