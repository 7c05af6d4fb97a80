/** The PostgreSQL error behind a query failure (drizzle wraps the driver's error as `cause`). */
function databaseErrorOf(error: unknown): { code?: unknown; constraint?: unknown } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** Whether the failure is a unique violation (23505), of this constraint when one is named. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = databaseErrorOf(error);
  if (found?.code !== '23505') return false;
  return constraint === undefined || found.constraint === constraint;
}

/**
 * Whether the statement lost a race with another transaction (a deadlock, 40P01, or a
 * serialization failure, 40001): it did nothing, and running it again may well succeed.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code === '40P01' || code === '40001';
}

/** Runs `fn`, and again while it loses a race (isTransactionConflict), `attempts` times at most in all. */
export async function retryOnConflict<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fn();
    } catch (error) {
      if (attempt < attempts && isTransactionConflict(error)) continue;
      throw error;
    }
  }
}

/**
 * Whether the database refused the statement for what it said (a constraint, bad data...), as
 * opposed to the connection or the server failing (no SQLSTATE, or classes 08, 53, 57, 58).
 */
export function isStatementRefusal(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return typeof code === 'string' && !['08', '53', '57', '58'].includes(code.slice(0, 2));
}
