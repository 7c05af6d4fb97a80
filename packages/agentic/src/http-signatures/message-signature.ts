import {
  createSignature,
  verifySignature,
  webcrypto,
  type RequestDescriptor,
  type SignatureParameters,
} from 'http-message-sig';
import type { CryptoKey, JWK } from 'jose';

/** A request as both sides see it: the signer before sending, the verifier as received. */
export interface HttpRequestParts {
  readonly method: string;
  /** The full target URI. A server builds it from its configured origin, never from the Host header. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Uint8Array;
}

export function headerOf(request: HttpRequestParts, name: string): string | undefined {
  const entry = Object.entries(request.headers).find(([key]) => key.toLowerCase() === name);
  return entry?.[1];
}

function describe(request: HttpRequestParts): RequestDescriptor {
  const fields = Object.entries(request.headers).map(([name, value]) => ({ name: name.toLowerCase(), value }));
  return { kind: 'request', method: request.method.toUpperCase(), targetUri: request.url, fields };
}

function importEd25519(jwk: JWK, use: 'sign' | 'verify'): Promise<CryptoKey> {
  const { kty, crv, x, d } = jwk;
  const keyData = use === 'sign' ? { kty, crv, x, d } : { kty, crv, x };
  return crypto.subtle.importKey('jwk', keyData, { name: 'Ed25519' }, false, [use]) as Promise<CryptoKey>;
}

/** RFC 9421 `Signature-Input` and `Signature` over `components`, signed with an Ed25519 key. */
export async function signMessage(
  request: HttpRequestParts,
  options: { label: string; components: readonly string[]; parameters: SignatureParameters; privateJwk: JWK },
): Promise<{ 'signature-input': string; signature: string }> {
  const signer = webcrypto.signer(await importEd25519(options.privateJwk, 'sign'));
  const { signature, signatureInput } = await createSignature(describe(request), {
    label: options.label,
    components: options.components,
    parameters: options.parameters,
    signer,
  });
  return { 'signature-input': signatureInput, signature };
}

/** Whether the request's signature `label` verifies with an Ed25519 public key and covers what the policy requires. */
export async function verifyMessage(
  request: HttpRequestParts,
  options: { label: string; publicJwk: JWK; components: readonly string[]; parameters: readonly string[]; now: number },
): Promise<boolean> {
  try {
    const verifier = webcrypto.verifier(await importEd25519(options.publicJwk, 'verify'));
    await verifySignature(describe(request), {
      label: options.label,
      policy: {
        algorithms: ['ed25519'],
        requiredComponents: options.components,
        requiredParameters: options.parameters,
        now: options.now,
      },
      resolveVerifier: () => verifier,
    });
    return true;
  } catch {
    return false;
  }
}
