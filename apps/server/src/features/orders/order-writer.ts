import type { Database } from '../../db/client.ts';
import { isStatementRefusal, retryOnConflict } from '../../lib/pg-errors.ts';
import { insertOrders, type InsertOutcome, type OrderToInsert } from './insert-orders.ts';
import type { NewOrder, NewOrderLine } from './repository.ts';

/** More orders wait to be stored than the writer takes: the server is overloaded. */
export class OrderQueueFullError extends Error {
  constructor() {
    super('too many orders are waiting to be stored');
  }
}

export interface OrderWriter {
  /**
   * Stores the order with its lines (see insertOrders for what may become of it). Resolves once
   * the statement that stored it has committed; rejects with that order's own failure.
   */
  write(order: NewOrder, lines: NewOrderLine[]): Promise<InsertOutcome>;
}

export interface OrderWriterOptions {
  /** Orders one statement stores at most. */
  maxBatch?: number;
  /** Orders that may wait for a statement; more are refused (OrderQueueFullError). */
  maxWaiting?: number;
}

interface Waiting extends OrderToInsert {
  resolve(outcome: InsertOutcome): void;
  reject(error: unknown): void;
}

/**
 * Group commit: one statement at a time stores every order that arrived while the previous one
 * ran (up to maxBatch), so that the database does one round trip and one commit for many orders
 * instead of five for each. An order waits for the statement in flight, then goes in the next one
 * (unless maxBatch orders arrived before it).
 */
export function orderWriter(db: Database, { maxBatch = 100, maxWaiting = 2000 }: OrderWriterOptions = {}): OrderWriter {
  let waiting: Waiting[] = [];
  let writing = false;

  /**
   * The next orders to store, in arrival order. An order whose key or payment is already in the
   * batch waits for the next one, where it is then found a duplicate or its payment taken.
   */
  const nextBatch = (): Waiting[] => {
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    const payments = new Set<string>();
    for (const entry of waiting) {
      const payment = entry.order.payment.method === 'click-to-pay' ? entry.order.payment.paymentId : undefined;
      if (batch.length === maxBatch || keys.has(entry.order.idempotencyKey) || (payment && payments.has(payment))) {
        later.push(entry);
        continue;
      }
      keys.add(entry.order.idempotencyKey);
      if (payment) payments.add(payment);
      batch.push(entry);
    }
    waiting = later;
    return batch;
  };

  /** One statement for the batch, run again when it lost a race with another instance's. */
  const insert = (batch: Waiting[]): Promise<InsertOutcome[]> => retryOnConflict(() => insertOrders(db, batch));

  const store = async (batch: Waiting[]): Promise<void> => {
    try {
      const outcomes = await insert(batch);
      batch.forEach((entry, index) => entry.resolve(outcomes[index]!));
      return;
    } catch (error) {
      // A lost connection fails every order alike; only an order's own refusal is worth singling out.
      if (batch.length === 1 || !isStatementRefusal(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
    }
    // One order failed the statement, and with it the others: each is stored on its own, so
    // that the bad one fails alone.
    for (const entry of batch) {
      await insert([entry]).then(
        ([outcome]) => entry.resolve(outcome!),
        (error: unknown) => entry.reject(error),
      );
    }
  };

  const drain = async () => {
    writing = true;
    try {
      while (waiting.length > 0) {
        // The embedded database runs on this thread and answers without letting I/O in: without
        // this turn of the event loop the requests that arrived meanwhile would not yet be waiting,
        // and each statement would store one order.
        await new Promise((resolve) => setImmediate(resolve));
        await store(nextBatch());
      }
    } finally {
      writing = false;
    }
  };

  return {
    write(order, lines) {
      if (waiting.length >= maxWaiting) return Promise.reject(new OrderQueueFullError());
      return new Promise<InsertOutcome>((resolve, reject) => {
        waiting.push({ order, lines, resolve, reject });
        if (!writing) void drain();
      });
    },
  };
}
