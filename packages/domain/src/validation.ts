import type { z } from 'zod';

/** One field's check: the translation key of its first problem, or undefined when the value is fine. */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}
