/**
 * What makes an RSA public key fit to encrypt a payload to or to verify a signature with, checked
 * wherever one is taken from outside (the network's onboarding and DPA keys, the network's JWKS at
 * the merchant). A key with a tiny modulus or an exponent of 1 encrypts to something anyone reads.
 */
export const RSA_MIN_MODULUS_BITS = 2048;
/** Far above any key in use; a larger one only makes each operation slow. */
export const RSA_MAX_MODULUS_BITS = 8192;
/** The usual rule (and what every toolkit makes: AQAB): odd and at least 65537. */
export const RSA_MIN_PUBLIC_EXPONENT = 65537;
/** A public exponent longer than this is no exponent a key generator makes. */
const RSA_MAX_EXPONENT_BYTES = 8;

export interface RsaKeyProblem {
  /** The JWK member at fault. */
  member: 'n' | 'e';
  message: string;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The bytes of a base64url string (no padding), or undefined when it is not one. */
function base64urlBytes(text: string): Uint8Array | undefined {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return undefined;
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const bytes = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let at = 0;
  for (const char of text) {
    buffer = ((buffer << 6) | alphabet.indexOf(char)) & 0x3fff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[at++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

/** The bytes without their leading zeros: a JWK's integers may carry some, and they count for nothing. */
function withoutLeadingZeros(bytes: Uint8Array): Uint8Array {
  let start = 0;
  while (start < bytes.length && bytes[start] === 0) start += 1;
  return bytes.subarray(start);
}

/** How many bits the big-endian integer has (0 for zero). */
function bitLength(bytes: Uint8Array): number {
  const significant = withoutLeadingZeros(bytes);
  if (significant.length === 0) return 0;
  return (significant.length - 1) * 8 + (32 - Math.clz32(significant[0]!));
}

/** Why a modulus of `bits` bits (odd or not) is refused, if it is. */
export function rsaModulusProblem(bits: number, odd = true): RsaKeyProblem | undefined {
  if (bits < RSA_MIN_MODULUS_BITS) {
    return {
      member: 'n',
      message: `The RSA modulus n must be at least ${RSA_MIN_MODULUS_BITS} bits; this one has ${bits}`,
    };
  }
  if (bits > RSA_MAX_MODULUS_BITS) {
    return {
      member: 'n',
      message: `The RSA modulus n must be at most ${RSA_MAX_MODULUS_BITS} bits; this one has ${bits}`,
    };
  }
  if (!odd) return { member: 'n', message: 'The RSA modulus n is even, so it is no RSA modulus' };
  return undefined;
}

/** Why a public exponent (big-endian bytes) is refused, if it is. */
export function rsaExponentProblem(bytes: Uint8Array): RsaKeyProblem | undefined {
  const significant = withoutLeadingZeros(bytes);
  const refusal = {
    member: 'e' as const,
    message: `The RSA public exponent e must be odd and at least ${RSA_MIN_PUBLIC_EXPONENT} (AQAB)`,
  };
  if (significant.length === 0 || significant.length > RSA_MAX_EXPONENT_BYTES) return refusal;
  const value = significant.reduce((sum, byte) => sum * 256n + BigInt(byte), 0n);
  return value % 2n === 1n && value >= BigInt(RSA_MIN_PUBLIC_EXPONENT) ? undefined : refusal;
}

/** Why the RSA public JWK's n and e are refused, if they are (base64url, size, parity, exponent). */
export function rsaPublicJwkProblem(jwk: { n: string; e: string }): RsaKeyProblem | undefined {
  const modulus = base64urlBytes(jwk.n);
  if (!modulus) return { member: 'n', message: 'The RSA modulus n must be base64url without padding' };
  const exponent = base64urlBytes(jwk.e);
  if (!exponent) return { member: 'e', message: 'The RSA public exponent e must be base64url without padding' };
  const odd = modulus.length > 0 && (modulus[modulus.length - 1]! & 1) === 1;
  return rsaModulusProblem(bitLength(modulus), odd) ?? rsaExponentProblem(exponent);
}
