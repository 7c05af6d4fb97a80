import { count, eq } from 'drizzle-orm';
import type { Address } from '@c2p/domain';
import type { Database } from '../../db/client.ts';
import { addresses, users, type UserPreferences } from '../../db/schema.ts';
import { deleteOwnRow, listShopperRows } from '../../db/shopper-rows.ts';

export type UserRow = typeof users.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;

export async function findUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}

export interface NewShopper {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  phoneCountryCode: string;
}

/** Creates a shopper account (role user); null when the email already has an account. */
export async function insertShopper(db: Database, shopper: NewShopper): Promise<UserRow | null> {
  const [row] = await db
    .insert(users)
    .values({ ...shopper, email: shopper.email.toLowerCase(), role: 'user' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row ?? null;
}

export type ProfilePatch = Partial<Pick<UserRow, 'firstName' | 'lastName' | 'phoneNumber' | 'phoneCountryCode'>>;

export async function updateProfile(db: Database, id: string, patch: ProfilePatch): Promise<UserRow | null> {
  if (Object.keys(patch).length === 0) return findUserById(db, id);
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row ?? null;
}

export async function updatePasswordHash(db: Database, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

export async function updatePreferences(db: Database, id: string, preferences: UserPreferences): Promise<void> {
  await db.update(users).set({ preferences }).where(eq(users.id, id));
}

export function listAddresses(db: Database, userId: string): Promise<AddressRow[]> {
  return listShopperRows(db, addresses, userId);
}

/** Saves an address unless the user already has `max`; null then. Concurrent saves cannot pass the limit. */
export async function insertAddress(
  db: Database,
  userId: string,
  address: Address,
  max: number,
): Promise<AddressRow | null> {
  return db.transaction(async (tx) => {
    // Locking the user's row makes concurrent saves for one user take turns.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    if ((existing?.n ?? 0) >= max) return null;
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...address })
      .returning();
    return row ?? null;
  });
}

export function deleteAddress(db: Database, userId: string, id: string): Promise<boolean> {
  return deleteOwnRow(db, addresses, userId, id);
}
