import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentInstallments } from '../../db/schema.ts';

/** Keeps (or, when the payload has none, forgets) the installment data of a fetched payload. */
export async function saveInstallmentData(db: Database, paymentId: string, data: unknown): Promise<void> {
  if (data === null || data === undefined) {
    await db.delete(paymentInstallments).where(eq(paymentInstallments.paymentId, paymentId));
    return;
  }
  await db
    .insert(paymentInstallments)
    .values({ paymentId, installmentData: data })
    .onConflictDoUpdate({ target: paymentInstallments.paymentId, set: { installmentData: data } });
}

/** The payload's installment data of a payment, or null when it had none. */
export async function findInstallmentData(db: Database, paymentId: string): Promise<unknown> {
  const [row] = await db
    .select({ data: paymentInstallments.installmentData })
    .from(paymentInstallments)
    .where(eq(paymentInstallments.paymentId, paymentId))
    .limit(1);
  return row?.data ?? null;
}
