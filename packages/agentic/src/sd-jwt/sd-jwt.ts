import { sha256Base64url } from '../sha256.ts';
import { decodeDisclosure, type Disclosure } from './disclosure.ts';
import { decodeJws } from './jws.ts';

/** An SD-JWT as presented: `<jws>~<disclosure>~…~` (Verifiable Intent binds layers in the payload, so no KB-JWT follows). */
export interface SdJwt {
  readonly serialized: string;
  /** The issuer-signed JWS, without disclosures: what L3 presentations start from. */
  readonly jws: string;
  readonly header: Record<string, unknown>;
  readonly payload: Record<string, unknown>;
  readonly disclosures: readonly Disclosure[];
}

/** Throws when the text is not an SD-JWT; checks nothing a verifier reports (signatures, digests). */
export async function parseSdJwt(serialized: string): Promise<SdJwt> {
  const parts = serialized.split('~');
  if (parts.length < 2 || parts.at(-1) !== '') throw new Error('An SD-JWT ends with "~"');
  const [jws = '', ...encoded] = parts.slice(0, -1);
  if (encoded.some((d) => d === '')) throw new Error('An SD-JWT has an empty disclosure');
  const { header, payload } = decodeJws(jws);
  const disclosures = await Promise.all(encoded.map(decodeDisclosure));
  return { serialized, jws, header, payload, disclosures };
}

export function presentation(jws: string, disclosures: readonly string[]): string {
  return [jws, ...disclosures].join('~') + '~';
}

/** B64U(SHA-256(serialized)): the `sd_hash` the next layer carries. */
export function sdHashOf(serialized: string): Promise<string> {
  return sha256Base64url(serialized);
}
