import type { TFunction } from '../../lib/i18n';
import type { ApiLogEntry } from './log-store';
import { sourceOf } from './log-filter';
import { purposeKey } from './entry-code';
import { passkeyNotes } from './passkey-note';

const ENV_KEYS: Record<string, string> = {
  'offline-sandbox': 'API_LOG.ENV.OFFLINE_SANDBOX',
  sandbox: 'API_LOG.ENV.SANDBOX',
  production: 'API_LOG.ENV.PRODUCTION',
  mock: 'API_LOG.ENV.MOCK',
  unknown: 'API_LOG.ENV.UNKNOWN',
};

/** The translated name of a network environment; a value we do not know is shown as it is. */
export function envLabel(t: TFunction, env: string): string {
  const key = ENV_KEYS[env];
  return key ? t(key) : env;
}

/** A rejection's reason (the SDK's `reason`, a server error's message), for the status badge. */
export function reasonOf(response: unknown): string {
  if (typeof response === 'string') return response.slice(0, 80);
  if (response && typeof response === 'object') {
    const r = response as { reason?: unknown; error?: unknown; message?: unknown };
    const error = r.error as { reason?: unknown } | string | undefined;
    const reason = r.reason ?? (typeof error === 'string' ? error : error?.reason) ?? r.message;
    if (typeof reason === 'string') return reason.slice(0, 80);
  }
  return '—';
}

/** A call in one line of the downloaded file: source, outcome, HTTP status, duration and purpose. */
export function describeEntry(t: TFunction, log: ApiLogEntry): string {
  return [
    t(`API_LOG.SOURCE.${sourceOf(log)}`),
    log.failed ? t('API_LOG.REJECTED', { reason: reasonOf(log.response) }) : t('API_LOG.RESOLVED'),
    typeof log.httpStatus === 'number' ? t('API_LOG.HTTP_STATUS', { status: log.httpStatus }) : '',
    typeof log.durationMs === 'number' ? t('API_LOG.DURATION', { ms: log.durationMs }) : '',
    t(purposeKey(String(log.name), log)),
    ...(passkeyNotes(t, log) ?? []),
  ]
    .filter(Boolean)
    .join(' · ');
}
