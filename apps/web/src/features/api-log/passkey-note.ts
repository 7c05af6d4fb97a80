import type { TFunction } from '../../lib/i18n';
import { isPasskeyStep, PASSKEY_PURPOSES } from '../../lib/click-to-pay/window-steps';
import type { ApiLogEntry } from './log-store';

/** Why the network's window used no passkey, as the sandbox names it. */
const REASONS = ['DPA_NAME_MISSING', 'NO_PASSKEY', 'NO_PROFILE', 'NOT_SUPPORTED'];

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/**
 * What a passkey step of the network's window was for, in words, and for one that used no
 * passkey, why (issue 31); undefined for any other call.
 */
export function passkeyNotes(t: TFunction, log: ApiLogEntry): string[] | undefined {
  const name = String(log.name);
  if (!isPasskeyStep(name)) return undefined;
  const purpose = field(log.request, 'purpose');
  const known = (PASSKEY_PURPOSES as readonly unknown[]).includes(purpose) ? String(purpose) : 'UNKNOWN';
  const notes = [t('API_LOG.PASSKEY.PURPOSE', { purpose: t(`API_LOG.PASSKEY.PURPOSES.${known}`) })];
  if (name === 'PASSKEY_UNAVAILABLE') {
    const reason = String(field(log.response, 'reason') ?? '');
    const words = REASONS.includes(reason)
      ? t(`API_LOG.PASSKEY.REASONS.${reason}`)
      : t('API_LOG.PASSKEY.REASONS.OTHER', { reason: reason.slice(0, 120) });
    notes.push(t('API_LOG.PASSKEY.WHY', { reason: words }));
  }
  return notes;
}
