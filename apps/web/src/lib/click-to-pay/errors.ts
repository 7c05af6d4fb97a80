import { i18n } from '../i18n';
import { isSdkError } from './types';

const toKey = (method: string) => method.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();

/**
 * The message for a rejected SDK call (spec section 8): SRCI_ERRORS.{METHOD}.{reason} when the
 * catalogue has it, else SRCI_ERRORS.{METHOD}.DEFAULT_ERROR, else the app's default error.
 */
export function sdkErrorMessage(method: string, error: unknown): string {
  const base = `SRCI_ERRORS.${toKey(method)}`;
  const reason = isSdkError(error) ? error.reason : undefined;
  for (const key of [reason && `${base}.${reason}`, `${base}.DEFAULT_ERROR`]) {
    if (key && i18n.exists(key)) return i18n.t(key);
  }
  return i18n.t('APP_DEFAULT_ERROR_MESSAGE');
}
