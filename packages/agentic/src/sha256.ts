import { base64url, utf8 } from './encoding.ts';

/** B64U(SHA-256(text)): every hash binding in Verifiable Intent (sd_hash, checkout_hash, disclosure digests). */
export async function sha256Base64url(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', utf8(text) as Uint8Array<ArrayBuffer>);
  return base64url(new Uint8Array(digest));
}
