import type { JWK } from 'jose';
import { isInnerList, parseDictionary, type InnerList } from 'structured-headers';
import { agenticError, type AgenticError, type AgenticErrorCode } from '../errors.ts';
import { base64url } from '../encoding.ts';
import { contentDigest, contentDigestMatches } from './content-digest.ts';
import { headerOf, signMessage, verifyMessage, type HttpRequestParts } from './message-signature.ts';

/** Trusted Agent Protocol tags: browsing a shop, and paying at its checkout. */
export const AGENT_SIGNATURE_TAGS = ['agent-browser-auth', 'agent-payer-auth'] as const;
export type AgentSignatureTag = (typeof AGENT_SIGNATURE_TAGS)[number];

const REQUIRED_PARAMETERS = ['created', 'expires', 'keyid', 'nonce', 'tag'] as const;

export interface AgentRequestSigner {
  /** The key's id in the agent key directory. */
  readonly keyid: string;
  /** An Ed25519 private JWK. */
  readonly privateJwk: JWK;
}

export interface SignAgentRequestOptions {
  readonly tag: AgentSignatureTag;
  /** Unix seconds; the wall clock by default. */
  readonly now?: number;
  /** Seconds until `expires`; 300 by default. */
  readonly validity?: number;
  readonly nonce?: string;
  readonly label?: string;
}

/**
 * The headers an agent adds to sign a request as Web Bot Auth and Visa's Trusted Agent Protocol do
 * (RFC 9421, Ed25519): `@authority`, `@path`, `@method` and, with a body, `content-digest`; with
 * `created`, `expires`, `keyid`, `alg`, `nonce` and `tag`.
 */
export async function signAgentRequest(
  request: HttpRequestParts,
  signer: AgentRequestSigner,
  options: SignAgentRequestOptions,
): Promise<Record<string, string>> {
  const created = options.now ?? Math.floor(Date.now() / 1000);
  const hasBody = request.body !== undefined && request.body.length > 0;
  const digest: Record<string, string> = hasBody ? { 'content-digest': await contentDigest(request.body!) } : {};
  const signed = { ...request, headers: { ...request.headers, ...digest } };
  const signature = await signMessage(signed, {
    label: options.label ?? 'sig1',
    components: ['@authority', '@path', '@method', ...(hasBody ? ['content-digest'] : [])],
    parameters: {
      created,
      expires: created + (options.validity ?? 300),
      keyid: signer.keyid,
      alg: 'ed25519',
      nonce: options.nonce ?? base64url(crypto.getRandomValues(new Uint8Array(32))),
      tag: options.tag,
    },
    privateJwk: signer.privateJwk,
  });
  return { ...digest, ...signature };
}

export interface AgentRequestVerifierOptions {
  /** The agent key directory: the Ed25519 public JWK for a `keyid`, undefined when unknown. */
  readonly agentKey: (keyid: string) => JWK | undefined | Promise<JWK | undefined>;
  /** Records a nonce (until `expires`) and answers whether it was seen before; asked only once the signature verifies. */
  readonly nonceSeen: (nonce: string, keyid: string, expires: number) => boolean | Promise<boolean>;
  /** The tags this route accepts; both by default. */
  readonly tags?: readonly AgentSignatureTag[];
  readonly now?: number;
  /** The longest `expires − created` accepted, in seconds; 600 by default (ours: it bounds how long nonces are kept). */
  readonly maxValidity?: number;
}

export type AgentRequestVerdict =
  | {
      readonly ok: true;
      readonly keyid: string;
      readonly tag: AgentSignatureTag;
      readonly nonce: string;
      readonly expires: number;
    }
  | { readonly ok: false; readonly error: AgenticError };

/** Checks an agent's signed request: what a merchant runs before its agent-facing checkout. */
export async function verifyAgentRequest(
  request: HttpRequestParts,
  options: AgentRequestVerifierOptions,
): Promise<AgentRequestVerdict> {
  const refuse = (code: AgenticErrorCode): AgentRequestVerdict => ({ ok: false, error: agenticError(code) });
  const signatureInput = headerOf(request, 'signature-input');
  if (signatureInput === undefined || headerOf(request, 'signature') === undefined) return refuse('REQUEST_UNSIGNED');
  const chosen = chooseSignature(signatureInput, options.tags ?? AGENT_SIGNATURE_TAGS);
  if (typeof chosen === 'string') return refuse(chosen);
  const { label, components, params } = chosen;
  const { keyid, created, expires, nonce, alg } = Object.fromEntries(params) as Record<string, unknown>;
  if (typeof keyid !== 'string' || !Number.isInteger(created) || !Number.isInteger(expires)) {
    return refuse('REQUEST_SIGNATURE_INCOMPLETE');
  }
  if (typeof nonce !== 'string' || nonce === '') return refuse('NONCE_MISSING');
  if (alg !== undefined && alg !== 'ed25519') return refuse('REQUEST_SIGNATURE_INVALID');
  const hasBody = request.body !== undefined && request.body.length > 0;
  const required = ['@authority', '@path', ...(hasBody ? ['content-digest'] : [])];
  if (!required.every((c) => components.includes(c))) return refuse('REQUEST_SIGNATURE_INCOMPLETE');
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const [from, until] = [created as number, expires as number];
  if (from > now) return refuse('REQUEST_SIGNATURE_NOT_YET_VALID');
  if (until < now) return refuse('REQUEST_SIGNATURE_EXPIRED');
  if (until - from > (options.maxValidity ?? 600)) return refuse('REQUEST_SIGNATURE_TOO_LONG');
  if (hasBody && !(await contentDigestMatches(headerOf(request, 'content-digest') ?? '', request.body!))) {
    return refuse('CONTENT_DIGEST_MISMATCH');
  }
  const publicJwk = await options.agentKey(keyid);
  if (publicJwk === undefined) return refuse('AGENT_UNKNOWN');
  const verified = await verifyMessage(request, {
    label,
    publicJwk,
    components: required,
    parameters: REQUIRED_PARAMETERS,
    now,
  });
  if (!verified) return refuse('REQUEST_SIGNATURE_INVALID');
  if (await options.nonceSeen(nonce, keyid, until)) return refuse('NONCE_REPLAYED');
  return { ok: true, keyid, tag: params.get('tag') as AgentSignatureTag, nonce, expires: until };
}

/** The first signature whose tag this route accepts, or why there is none. */
function chooseSignature(
  signatureInput: string,
  tags: readonly string[],
): { label: string; components: string[]; params: InnerList[1] } | AgenticErrorCode {
  let members;
  try {
    members = [...parseDictionary(signatureInput)];
  } catch {
    return 'REQUEST_SIGNATURE_MALFORMED';
  }
  const signatures = members.filter((m): m is [string, InnerList] => isInnerList(m[1]));
  if (signatures.length === 0) return 'REQUEST_SIGNATURE_MALFORMED';
  const chosen = signatures.find(([, [, params]]) => tags.includes(params.get('tag') as string));
  if (chosen === undefined) return 'TAG_NOT_ALLOWED';
  const [label, [items, params]] = chosen;
  return { label, components: items.map(([value]) => String(value)), params };
}

/** An in-memory nonce record for one process; entries go once their signature has expired. */
export function memoryNonceRecord(clock: () => number = () => Math.floor(Date.now() / 1000)) {
  const seen = new Map<string, number>();
  return (nonce: string, keyid: string, expires: number): boolean => {
    const now = clock();
    for (const [key, until] of seen) if (until < now) seen.delete(key);
    const key = `${keyid} ${nonce}`;
    if (seen.has(key)) return true;
    seen.set(key, expires);
    return false;
  };
}
