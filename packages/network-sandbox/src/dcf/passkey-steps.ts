// What the window tells the merchant's API log of a passkey ceremony, masked as the log masks the
// rest: challenges and credential ids to their first 12 characters, never a signature or a key.
import type { WindowApi } from './window-api.ts';

export type Purpose = 'SIGN_IN' | 'CREATE' | 'CONFIRM' | 'MANDATE';
type Json = Record<string, unknown>;

const short = (value: unknown) => (typeof value === 'string' ? `${value.slice(0, 12)}…` : undefined);

/** The authenticator data's flags and counter (bytes 32 to 36: flags, then the big-endian count). */
function authenticatorFlags(authenticatorData: unknown): Json {
  if (typeof authenticatorData !== 'string') return {};
  const bytes = Uint8Array.from(atob(authenticatorData.replaceAll('-', '+').replaceAll('_', '/')), (c) =>
    c.charCodeAt(0),
  );
  if (bytes.length < 37) return {};
  const flags = bytes[32]!;
  const signCount = ((bytes[33]! << 24) | (bytes[34]! << 16) | (bytes[35]! << 8) | bytes[36]!) >>> 0;
  return { userPresent: (flags & 0x01) !== 0, userVerified: (flags & 0x04) !== 0, signCount };
}

export function optionsStep(api: WindowApi, purpose: Purpose, options: Json): void {
  const allow = options.allowCredentials;
  api.step({
    step: 'PASSKEY_OPTIONS',
    purpose,
    rpId: options.rpId ?? (options.rp as Json | undefined)?.id,
    challenge: short(options.challenge),
    userVerification:
      options.userVerification ?? (options.authenticatorSelection as Json | undefined)?.userVerification,
    ...(Array.isArray(allow) ? { allowCredentials: allow.length } : {}),
  });
}

export function resultStep(api: WindowApi, purpose: Purpose, response: Json): void {
  const answer = (response.response ?? {}) as Json;
  api.step({
    step: 'PASSKEY_RESULT',
    purpose,
    credentialId: short(response.id),
    ...authenticatorFlags(answer.authenticatorData),
  });
}

export const refusedStep = (api: WindowApi, purpose: Purpose, reason: string) =>
  api.step({ step: 'PASSKEY_RESULT', purpose, refused: true, reason });

export const verificationStep = (api: WindowApi, purpose: Purpose, verified: boolean, message?: unknown) =>
  api.step({ step: 'PASSKEY_VERIFICATION', purpose, verified, ...(verified ? {} : { reason: String(message ?? '') }) });

/** No passkey was used, and why (the network fails silently there; the log says it). */
export const unavailableStep = (api: WindowApi, purpose: Purpose, reason: unknown) =>
  api.step({ step: 'PASSKEY_UNAVAILABLE', purpose, reason: String(reason ?? 'NOT_SUPPORTED') });
