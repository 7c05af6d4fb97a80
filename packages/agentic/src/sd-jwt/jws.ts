import { CompactSign, compactVerify, importJWK, type JWK } from 'jose';
import { compactJson, fromBase64url, fromUtf8, parseJsonObject, utf8 } from '../encoding.ts';

export const ES256 = 'ES256';

export interface JwsHeader {
  readonly alg: typeof ES256;
  readonly typ: string;
  readonly kid?: string;
}

/** Signs `payload` as written by {@link compactJson}, so the signed bytes match the reference implementation's. */
export async function signJws(header: JwsHeader, payload: object, privateJwk: JWK): Promise<string> {
  const key = await importJWK(privateJwk, ES256);
  return new CompactSign(utf8(compactJson(payload))).setProtectedHeader({ ...header }).sign(key);
}

/** Verifies the signature over the segments exactly as received; false for any bad key, alg or signature. */
export async function verifyJwsSignature(jws: string, publicJwk: JWK): Promise<boolean> {
  try {
    const key = await importJWK(publicJwk, ES256);
    await compactVerify(jws, key, { algorithms: [ES256] });
    return true;
  } catch {
    return false;
  }
}

export interface DecodedJws {
  readonly header: Record<string, unknown>;
  readonly payload: Record<string, unknown>;
}

export function decodeJws(jws: string): DecodedJws {
  const segments = jws.split('.');
  if (segments.length !== 3) throw new Error('A JWS has three segments');
  const [header = '', payload = '', signature = ''] = segments;
  fromBase64url(signature);
  return {
    header: parseJsonObject(fromUtf8(fromBase64url(header))),
    payload: parseJsonObject(fromUtf8(fromBase64url(payload))),
  };
}
