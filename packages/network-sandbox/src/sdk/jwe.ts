// Compact JWE, RSA-OAEP-256 key wrapping and A128GCM content encryption, with WebCrypto only
// (RFC 7516): the SDK stays small and has no dependency.

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function encryptJwe(plaintext: string, jwk: JsonWebKey & { kid?: string }): Promise<string> {
  const subtle = globalThis.crypto.subtle;
  const publicKey = await subtle.importKey(
    'jwk',
    { kty: jwk.kty, n: jwk.n, e: jwk.e, alg: 'RSA-OAEP-256', ext: true },
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const header = { alg: 'RSA-OAEP-256', enc: 'A128GCM', ...(jwk.kid ? { kid: jwk.kid } : {}) };
  const protectedHeader = base64url(new TextEncoder().encode(JSON.stringify(header)));
  const cek = globalThis.crypto.getRandomValues(new Uint8Array(16));
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const encryptedKey = new Uint8Array(await subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, cek));
  const aesKey = await subtle.importKey('raw', cek, { name: 'AES-GCM' }, false, ['encrypt']);
  const sealed = new Uint8Array(
    await subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(protectedHeader), tagLength: 128 },
      aesKey,
      new TextEncoder().encode(plaintext),
    ),
  );
  const ciphertext = sealed.slice(0, sealed.length - 16);
  const tag = sealed.slice(sealed.length - 16);
  return [protectedHeader, base64url(encryptedKey), base64url(iv), base64url(ciphertext), base64url(tag)].join('.');
}
