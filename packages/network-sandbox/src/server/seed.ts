import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { sandboxCards, sandboxConsumers } from '../store/schema.ts';
import { SANDBOX_CONSUMERS, seededExpiry } from '../test-data.ts';
import { parFor, tokenFor } from './cards.ts';
import type { SandboxDatabase } from './db.ts';

/** The seeded cards keep the same srcDigitalCardId on every start and every instance. */
export function seededCardId(email: string, pan: string): string {
  return `${createHash('sha256').update(`${email}:${pan}`).digest('base64url').slice(0, 22)}000000000000US`;
}

/** Writes the test consumers and their cards; running it again changes nothing. */
export async function seedSandbox(db: SandboxDatabase, now = new Date()): Promise<void> {
  const expiry = seededExpiry(now);
  for (const consumer of SANDBOX_CONSUMERS) {
    await db
      .insert(sandboxConsumers)
      .values({
        email: consumer.email,
        mobileCountryCode: consumer.mobileNumber?.countryCode ?? null,
        mobileNumber: consumer.mobileNumber?.phoneNumber ?? null,
        firstName: consumer.firstName,
        lastName: consumer.lastName,
        locked: consumer.locked,
      })
      .onConflictDoUpdate({ target: sandboxConsumers.email, set: { locked: consumer.locked } });
    const [row] = await db
      .select({ id: sandboxConsumers.id })
      .from(sandboxConsumers)
      .where(eq(sandboxConsumers.email, consumer.email));
    if (!row) continue;
    for (const card of consumer.cards) {
      await db
        .insert(sandboxCards)
        .values({
          srcDigitalCardId: seededCardId(consumer.email, card.primaryAccountNumber),
          consumerId: row.id,
          primaryAccountNumber: card.primaryAccountNumber,
          expirationMonth: expiry.month,
          expirationYear: expiry.year,
          cardholderName: `${consumer.firstName} ${consumer.lastName}`,
          brand: card.brand,
          cardType: card.cardType,
          payloadKind: 'TOKEN',
          paymentToken: tokenFor(card.primaryAccountNumber),
          paymentAccountReference: parFor(card.primaryAccountNumber),
          descriptorName: card.descriptorName,
          billingAddress: {
            name: `${consumer.firstName} ${consumer.lastName}`,
            line1: '150 Fifth Avenue',
            city: 'New York',
            state: 'NY',
            zip: '10011',
            countryCode: 'US',
          },
        })
        .onConflictDoNothing();
    }
  }
}
