// Phone identities in the formats the network accepts: `{ countryCode: '1', phoneNumber: '2025550143' }`
// (with or without `+`, spaces, dashes, brackets), or the whole international number in
// `phoneNumber` with no country code (`'12025550143'`, `'+1 202-555-0143'`).
import { and, eq, sql } from 'drizzle-orm';
import { sandboxConsumers } from '../store/schema.ts';
import type { ConsumerRow } from './cards.ts';
import type { SandboxDatabase } from './db.ts';
import type { Json } from './util.ts';

export interface PhoneMatch {
  countryCode: string;
  phoneNumber: string;
  consumer: ConsumerRow | undefined;
}

/** The consumer with that number, or undefined for an unknown one; null when it is no phone number. */
export async function findByPhone(db: SandboxDatabase, mobile: Json): Promise<PhoneMatch | null> {
  const countryCode = String(mobile.countryCode ?? '').replace(/\D/g, '');
  const digits = String(mobile.phoneNumber ?? '').replace(/\D/g, '');
  if (countryCode) {
    if (countryCode.length > 4 || !/^\d{4,14}$/.test(digits)) return null;
    const [consumer] = await db
      .select()
      .from(sandboxConsumers)
      .where(and(eq(sandboxConsumers.mobileCountryCode, countryCode), eq(sandboxConsumers.mobileNumber, digits)));
    return { countryCode, phoneNumber: digits, consumer };
  }
  // E.164 allows 15 digits in all, country code included.
  if (!/^\d{5,15}$/.test(digits)) return null;
  const [consumer] = await db
    .select()
    .from(sandboxConsumers)
    .where(sql`${sandboxConsumers.mobileCountryCode} || ${sandboxConsumers.mobileNumber} = ${digits}`);
  if (consumer) {
    return { countryCode: consumer.mobileCountryCode!, phoneNumber: consumer.mobileNumber!, consumer };
  }
  return { countryCode: '', phoneNumber: digits, consumer: undefined };
}
