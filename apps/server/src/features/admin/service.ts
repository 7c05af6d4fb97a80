import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';

/** The account with this email when the password is right, else null (same time either way). */
export async function checkPassword(db: Database, email: string, password: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return (await verifyPassword(user?.passwordHash, password)) && user ? user : null;
}

export interface AdminBootstrap {
  email: string;
  /** Set only when this start created the account with a generated password. */
  generatedPassword?: string;
  created: boolean;
}

/** Creates the admin account at first start; later starts leave it as it is. */
export async function ensureAdmin(
  db: Database,
  email = 'admin@example.com',
  password?: string,
): Promise<AdminBootstrap> {
  const [existing] = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).limit(1);
  if (existing) return { email: existing.email, created: false };
  const generatedPassword = password ? undefined : randomBytes(12).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password ?? generatedPassword!),
      role: 'admin',
    })
    .onConflictDoNothing()
    .returning({ email: users.email });
  // Another instance may have created it at the same moment; then its start log has the password.
  if (inserted.length === 0) return { email: email.toLowerCase(), created: false };
  return { email: email.toLowerCase(), created: true, ...(generatedPassword ? { generatedPassword } : {}) };
}
