import { parseDictionary } from 'structured-headers';
import { utf8 } from '../encoding.ts';

/** RFC 9530 `Content-Digest` of a request body, with SHA-256. */
export async function contentDigest(body: string | Uint8Array): Promise<string> {
  return `sha-256=:${base64(await digest('SHA-256', body))}:`;
}

const ALGORITHMS: Readonly<Record<string, string>> = { 'sha-256': 'SHA-256', 'sha-512': 'SHA-512' };

/** Whether `header` names at least one digest we know and every such digest matches `body`. */
export async function contentDigestMatches(header: string, body: string | Uint8Array): Promise<boolean> {
  let members;
  try {
    members = [...parseDictionary(header)].filter(([name]) => name in ALGORITHMS);
  } catch {
    return false;
  }
  if (members.length === 0) return false;
  for (const [name, [value]] of members) {
    if (!(value instanceof ArrayBuffer)) return false;
    if (base64(await digest(ALGORITHMS[name]!, body)) !== base64(new Uint8Array(value))) return false;
  }
  return true;
}

async function digest(algorithm: string, body: string | Uint8Array): Promise<Uint8Array> {
  const bytes = typeof body === 'string' ? utf8(body) : body;
  return new Uint8Array(await crypto.subtle.digest(algorithm, bytes as Uint8Array<ArrayBuffer>));
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
