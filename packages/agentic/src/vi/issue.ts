import type { JWK } from 'jose';
import type { SigningKey } from '../keys.ts';
import { encodeDisclosure, randomSalt, type SaltSource } from '../sd-jwt/disclosure.ts';
import { signJws, type JwsHeader } from '../sd-jwt/jws.ts';
import { presentation } from '../sd-jwt/sd-jwt.ts';
import { sha256Base64url } from '../sha256.ts';

export interface IssueOptions {
  /** Where salts come from; random unless a test reproduces known disclosures. */
  readonly salt?: SaltSource;
}

export interface IssuedSdJwt {
  /** `<jws>~<disclosure>~…~`: what the holder keeps and presents. */
  readonly serialized: string;
  readonly jws: string;
  readonly disclosures: readonly string[];
}

export interface ArrayDisclosure {
  readonly encoded: string;
  readonly digest: string;
}

/** Discloses `value` as an array element; the caller places `{"...": digest}` where it belongs. */
export async function discloseElement(value: unknown, salt: SaltSource): Promise<ArrayDisclosure> {
  const encoded = encodeDisclosure(null, value, salt());
  return { encoded, digest: await sha256Base64url(encoded) };
}

export async function signSdJwt(
  header: JwsHeader,
  payload: object,
  disclosures: readonly string[],
  privateJwk: JWK,
): Promise<IssuedSdJwt> {
  const jws = await signJws(header, payload, privateJwk);
  return { jws, disclosures, serialized: presentation(jws, disclosures) };
}

/** Issues one layer from its input, signed with `key`. */
export type Issue<Input> = (input: Input, key: SigningKey, options?: IssueOptions) => Promise<IssuedSdJwt>;

/** An Issue of `issue`, which signs with the key and takes its salts from the options' source (random by default). */
export function issuer<Input>(
  issue: (input: Input, key: SigningKey, salt: SaltSource) => Promise<IssuedSdJwt>,
): Issue<Input> {
  return (input, key, options = {}) => issue(input, key, options.salt ?? randomSalt);
}
