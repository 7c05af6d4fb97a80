import { PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';

/**
 * Field checks of spec section 5. Each answers the translation key of its message, or undefined
 * when the value is fine; the web app shows the message from the catalogue by the field.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function emailError(value: string): string | undefined {
  return EMAIL_PATTERN.test(value.trim()) ? undefined : 'REGISTER_FORM.ERROR_MESSAGES.EMAIL';
}

export function passwordError(value: string): string | undefined {
  if (value.length < PASSWORD_MIN) return 'REGISTER_FORM.ERROR_MESSAGES.PASSWORD';
  if (value.length > PASSWORD_MAX) return 'REGISTER_FORM.ERROR_MESSAGES.PASSWORD_TOO_LONG';
  return undefined;
}
