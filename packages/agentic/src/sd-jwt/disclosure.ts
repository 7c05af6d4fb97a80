import { base64url, compactJson, fromBase64url, fromUtf8, utf8 } from '../encoding.ts';
import { sha256Base64url } from '../sha256.ts';

/** A decoded selective disclosure (RFC 9901 §4.2): `[salt, name, value]` for a claim, `[salt, value]` for an array element. */
export interface Disclosure {
  readonly encoded: string;
  /** B64U(SHA-256(encoded)): what the credential lists in `_sd` or as `{"...": digest}`. */
  readonly digest: string;
  readonly salt: string;
  readonly name?: string;
  readonly value: unknown;
}

/** Where issuance takes its salts; tests pass a fixed list to reproduce the reference's disclosures. */
export type SaltSource = () => string;

export const randomSalt: SaltSource = () => base64url(crypto.getRandomValues(new Uint8Array(16)));

export function encodeDisclosure(name: string | null, value: unknown, salt: string): string {
  return base64url(utf8(compactJson(name === null ? [salt, value] : [salt, name, value])));
}

export async function decodeDisclosure(encoded: string): Promise<Disclosure> {
  const parsed: unknown = JSON.parse(fromUtf8(fromBase64url(encoded)));
  if (!Array.isArray(parsed) || typeof parsed[0] !== 'string') throw new Error('A disclosure is not [salt, …]');
  const digest = await sha256Base64url(encoded);
  if (parsed.length === 2) return { encoded, digest, salt: parsed[0], value: parsed[1] };
  if (parsed.length === 3 && typeof parsed[1] === 'string') {
    return { encoded, digest, salt: parsed[0], name: parsed[1], value: parsed[2] };
  }
  throw new Error('A disclosure is neither [salt, value] nor [salt, name, value]');
}

/** `{"...": digest}`: how an array element refers to its disclosure. */
export interface DigestRef {
  readonly '...': string;
}

export function digestRef(digest: string): DigestRef {
  return { '...': digest };
}

export function refDigest(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  const digest = (value as Record<string, unknown>)['...'];
  return keys.length === 1 && typeof digest === 'string' ? digest : undefined;
}
