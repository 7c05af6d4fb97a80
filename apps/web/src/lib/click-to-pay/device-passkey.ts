import { STORAGE_KEYS } from '@c2p/domain';
import { local } from '../storage';
import type { PasskeyPurpose } from './window-steps';

// The guided tour's payment passkey on the device itself (issue 38 item 6): where the browser has a
// platform authenticator (a fingerprint reader, a face camera, a screen lock), the tour makes a real
// passkey on its first pass and signs in and confirms with it afterwards. The mock network has no
// server: the page checks the authenticator's answers against the public key it kept, with the
// browser's own cryptography, as the network would.

/** The passkey the tour made on this device: its id, its public key (SPKI), its algorithm, its counter. */
interface KeptPasskey {
  id: string;
  publicKey: string;
  algorithm: number;
  signCount: number;
}

/** What one ceremony reports, as the network's window reports its steps (window-steps.ts). */
export type CeremonyStep = Record<string, unknown> & { step: string };

const ES256 = -7;
const RS256 = -257;

/** A copy of the bytes in a buffer of their own (what the browser's crypto takes). */
const bytes = (buffer: ArrayBuffer | ArrayBufferView): Uint8Array<ArrayBuffer> =>
  new Uint8Array(
    buffer instanceof ArrayBuffer ? buffer : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength),
  );
const toBase64Url = (buffer: ArrayBuffer | ArrayBufferView) =>
  btoa(String.fromCharCode(...bytes(buffer)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const fromBase64Url = (text: string) =>
  Uint8Array.from(atob(text.replaceAll('-', '+').replaceAll('_', '/')), (c) => c.charCodeAt(0));
const sha256 = async (data: BufferSource) => new Uint8Array(await crypto.subtle.digest('SHA-256', data));
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i]);

/** WebAuthn takes a domain as its relying party, never an IP address. */
const canHoldPasskey = (hostname: string) => !/^[\d.]+$|:|^\[/.test(hostname);

/** Whether this browser can make and use a passkey on this device, here. */
export async function devicePasskeyAvailable(): Promise<boolean> {
  if (!canHoldPasskey(window.location.hostname) || !window.PublicKeyCredential) return false;
  try {
    return await PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable();
  } catch {
    return false;
  }
}

function keptPasskey(): KeptPasskey | undefined {
  try {
    const kept = JSON.parse(local.get(STORAGE_KEYS.tourPasskey) ?? 'null') as KeptPasskey | null;
    return kept && typeof kept.id === 'string' && typeof kept.publicKey === 'string' ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the tour made its passkey on this device already. */
export const hasDevicePasskey = () => keptPasskey() !== undefined;

/** The signature counter of authenticator data (bytes 33 to 36), and its flags: user present, user verified. */
function readAuthenticatorData(data: Uint8Array) {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    rpIdHash: data.slice(0, 32),
    userPresent: (data[32]! & 0x01) !== 0,
    userVerified: (data[32]! & 0x04) !== 0,
    signCount: view.getUint32(33),
  };
}

/** An ECDSA signature as WebAuthn gives it (DER) in the raw r‖s form the browser's crypto verifies. */
function rawEcdsaSignature(der: Uint8Array): Uint8Array<ArrayBuffer> {
  const integer = (at: number) => {
    const length = der[at + 1]!;
    const value = der.slice(at + 2, at + 2 + length);
    const trimmed = value[0] === 0 ? value.slice(1) : value;
    const padded = new Uint8Array(32);
    padded.set(trimmed, 32 - trimmed.length);
    return { padded, next: at + 2 + length };
  };
  const r = integer(2);
  const s = integer(r.next);
  const raw = new Uint8Array(64);
  raw.set(r.padded);
  raw.set(s.padded, 32);
  return raw;
}

async function verifySignature(
  kept: KeptPasskey,
  signature: Uint8Array<ArrayBuffer>,
  signed: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const ecdsa = kept.algorithm === ES256;
  const algorithm = ecdsa ? { name: 'ECDSA', namedCurve: 'P-256' } : { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
  const key = await crypto.subtle.importKey('spki', fromBase64Url(kept.publicKey), algorithm, false, ['verify']);
  return crypto.subtle.verify(
    ecdsa ? { name: 'ECDSA', hash: 'SHA-256' } : algorithm,
    key,
    ecdsa ? rawEcdsaSignature(signature) : signature,
    signed,
  );
}

/** What the network checks of every answer: its client data (type, challenge, origin) and the relying party it is for. */
async function checkAnswer(clientDataJSON: ArrayBuffer, type: string, challenge: Uint8Array, rpIdHash: Uint8Array) {
  const clientData = JSON.parse(new TextDecoder().decode(clientDataJSON)) as Record<string, unknown>;
  return (
    clientData.type === type &&
    clientData.challenge === toBase64Url(challenge) &&
    clientData.origin === window.location.origin &&
    sameBytes(rpIdHash, await sha256(new TextEncoder().encode(window.location.hostname)))
  );
}

/** One ceremony's challenge, and the options step that reports it. */
function ceremonyStart() {
  const challenge = crypto.getRandomValues(new Uint8Array(32));
  const rpId = window.location.hostname;
  const options = {
    step: 'PASSKEY_OPTIONS',
    rpId,
    challenge: `${toBase64Url(challenge).slice(0, 12)}…`,
    userVerification: 'required',
  };
  return { challenge, rpId, options };
}

type Report = (step: CeremonyStep) => void;

/** Makes the tour's passkey on the device and keeps its public key, once the answer verifies. */
async function makePasskey(userName: string, report: Report): Promise<void> {
  const { challenge, rpId, options } = ceremonyStart();
  const purpose = 'CREATE';
  report({ ...options, purpose });
  const credential = (await navigator.credentials.create({
    publicKey: {
      rp: { id: rpId, name: 'Click to Pay Demo' },
      user: { id: crypto.getRandomValues(new Uint8Array(16)), name: userName, displayName: userName },
      challenge,
      pubKeyCredParams: [ES256, RS256].map((alg) => ({ type: 'public-key' as const, alg })),
      authenticatorSelection: {
        authenticatorAttachment: 'platform',
        residentKey: 'preferred',
        userVerification: 'required',
      },
    },
  })) as PublicKeyCredential;
  const response = credential.response as AuthenticatorAttestationResponse;
  const { rpIdHash, ...data } = readAuthenticatorData(bytes(response.getAuthenticatorData()));
  const publicKey = response.getPublicKey();
  report({ step: 'PASSKEY_RESULT', purpose, credentialId: `${credential.id.slice(0, 12)}…`, ...data });
  const verified =
    publicKey !== null &&
    data.userVerified &&
    (await checkAnswer(response.clientDataJSON, 'webauthn.create', challenge, rpIdHash));
  report({ step: 'PASSKEY_VERIFICATION', purpose, verified });
  if (!verified) throw new Error('the new passkey did not verify');
  const made: KeptPasskey = {
    id: credential.id,
    publicKey: toBase64Url(publicKey),
    algorithm: response.getPublicKeyAlgorithm(),
    signCount: data.signCount,
  };
  local.set(STORAGE_KEYS.tourPasskey, JSON.stringify(made));
}

/** Signs the challenge with the tour's passkey and checks the signature and the counter against what was kept. */
async function signWithPasskey(kept: KeptPasskey, purpose: PasskeyPurpose, report: Report): Promise<void> {
  const { challenge, rpId, options } = ceremonyStart();
  report({ ...options, purpose, allowCredentials: 1 });
  let credential: PublicKeyCredential;
  try {
    credential = (await navigator.credentials.get({
      publicKey: {
        rpId,
        challenge,
        userVerification: 'required',
        allowCredentials: [{ type: 'public-key', id: fromBase64Url(kept.id) }],
      },
    })) as PublicKeyCredential;
  } catch (error) {
    // The passkey was removed from the device (or the prompt refused): the next try makes a new one.
    local.remove(STORAGE_KEYS.tourPasskey);
    throw error;
  }
  const response = credential.response as AuthenticatorAssertionResponse;
  const authenticatorData = bytes(response.authenticatorData);
  const { rpIdHash, ...data } = readAuthenticatorData(authenticatorData);
  report({ step: 'PASSKEY_RESULT', purpose, credentialId: `${credential.id.slice(0, 12)}…`, ...data });
  const signed = new Uint8Array([...authenticatorData, ...(await sha256(response.clientDataJSON))]);
  const counterMoved = data.signCount > kept.signCount || (data.signCount === 0 && kept.signCount === 0);
  const verified =
    credential.id === kept.id &&
    data.userVerified &&
    counterMoved &&
    (await checkAnswer(response.clientDataJSON, 'webauthn.get', challenge, rpIdHash)) &&
    (await verifySignature(kept, bytes(response.signature), signed));
  report({ step: 'PASSKEY_VERIFICATION', purpose, verified });
  if (!verified) throw new Error('the passkey did not verify');
  local.set(STORAGE_KEYS.tourPasskey, JSON.stringify({ ...kept, signCount: data.signCount }));
}

/**
 * A ceremony with the device's own authenticator for `purpose` (SIGN_IN, CONFIRM), the tour's
 * passkey made first (CREATE) when there is none. Reports each step as the network's window does;
 * throws when the device refused or its answer does not verify (a passkey that is gone is forgotten).
 */
export async function devicePasskeyCeremony(purpose: PasskeyPurpose, userName: string, report: Report) {
  if (!keptPasskey()) await makePasskey(userName, report);
  await signWithPasskey(keptPasskey()!, purpose, report);
}
