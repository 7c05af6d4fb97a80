import type { z } from 'zod';
import { emailSchema, passwordSchema } from './forms.ts';

/** One field's check: the translation key of its first problem, or undefined when the value is fine. */
export function fieldError(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

export const emailError = (value: string) => fieldError(emailSchema, value);
export const passwordError = (value: string) => fieldError(passwordSchema, value);
