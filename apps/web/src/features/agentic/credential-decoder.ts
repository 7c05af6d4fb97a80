import { parseSdJwt, resolveClaims, sha256Base64url, type SdJwt } from '@c2p/agentic';
import { maskedCopy } from '../../lib/masking';

/** Which credential of the chain (Verifiable Intent v0.1), or the merchant's signed checkout. */
export type CredentialLayer = 'L1' | 'L2' | 'L3a' | 'L3b' | 'checkout';

/** What a hash in a credential must equal: its translation key under AGENTIC_LIVE.HASH. */
export type HashRule =
  | 'SD_HASH_L1'
  | 'SD_HASH_L2'
  | 'CHECKOUT_HASH'
  | 'TRANSACTION_ID'
  | 'TRANSACTION_ID_L3A'
  | 'DISCLOSURE'
  | 'CHECKOUT_JWT';

export interface HashCheck {
  /** The claim holding the hash (`sd_hash`, `checkout_hash`…), or the disclosed claim a digest stands for. */
  readonly claim: string;
  readonly value: string;
  readonly rule: HashRule;
  /** What it must equal, computed from what the same call carries; absent when the call does not carry it. */
  readonly expected?: string;
  readonly matches?: boolean;
}

/** A credential as the displays show it: header, claims with its disclosures in place, and every hash. Never its signature. */
export interface DecodedCredential {
  readonly layer: CredentialLayer;
  /** Where it was: `request.l2`, `response.data.checkoutJwt`… */
  readonly path: string;
  readonly header: Record<string, unknown>;
  readonly claims: Record<string, unknown>;
  readonly disclosures: number;
  readonly hashes: readonly HashCheck[];
  /** Set when it could not be read (a tampered or truncated credential): what went wrong. */
  readonly unreadable?: string;
}

const FIELD_LAYERS: Record<string, CredentialLayer> = {
  l1: 'L1',
  l2: 'L2',
  l3a: 'L3a',
  l3b: 'L3b',
  checkoutJwt: 'checkout',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Found {
  layer: CredentialLayer;
  path: string;
  text: string;
}

/** Every credential field in a call's request body and answer, by its name (l1, l2, l3a, l3b, checkoutJwt). */
function credentialFields(value: unknown, path: string, depth = 0): Found[] {
  if (!isObject(value) || depth > 4) return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const layer = FIELD_LAYERS[key];
    if (layer && typeof item === 'string') return [{ layer, path: `${path}.${key}`, text: item }];
    return credentialFields(item, `${path}.${key}`, depth + 1);
  });
}

function base64urlJson(segment: string): Record<string, unknown> {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (!isObject(parsed)) throw new Error('not a JSON object');
  return parsed;
}

/** Every digest an SD-JWT lists: in `_sd` arrays and as `{"...": digest}`, in its payload and in its disclosures. */
function listedDigests(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => listedDigests(item, into));
  else if (isObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '_sd' && Array.isArray(item)) item.forEach((d) => typeof d === 'string' && into.add(d));
      else if (key === '...' && typeof item === 'string') into.add(item);
      else listedDigests(item, into);
    }
  }
  return into;
}

/** The mandates the credential delegates (`delegate_payload`), with their disclosures in place. */
const delegated = (claims: Record<string, unknown>) =>
  (Array.isArray(claims.delegate_payload) ? claims.delegate_payload : []).filter(isObject);

const compare = (claim: string, value: unknown, rule: HashRule, expected?: string): HashCheck[] =>
  typeof value === 'string'
    ? [{ claim, value, rule, ...(expected === undefined ? {} : { expected, matches: expected === value }) }]
    : [];

/** The hashes that bind this credential to the one below it, and its checkout to the merchant's JWT. */
async function bindingHashes(
  layer: CredentialLayer,
  claims: Record<string, unknown>,
  siblings: Partial<Record<CredentialLayer, string>>,
): Promise<HashCheck[]> {
  const below = layer === 'L2' ? siblings.L1 : siblings.L2;
  const sdHash = below === undefined ? undefined : await sha256Base64url(below);
  const hashes = compare('sd_hash', claims.sd_hash, layer === 'L2' ? 'SD_HASH_L1' : 'SD_HASH_L2', sdHash);
  const checkoutJwt = siblings.checkout;
  let checkoutHash = checkoutJwt === undefined ? undefined : await sha256Base64url(checkoutJwt);
  for (const mandate of delegated(claims)) {
    if (typeof mandate.checkout_jwt === 'string') {
      checkoutHash = await sha256Base64url(mandate.checkout_jwt);
      hashes.push(...compare('checkout_hash', mandate.checkout_hash, 'CHECKOUT_HASH', checkoutHash));
    }
  }
  for (const mandate of delegated(claims)) {
    const rule = layer === 'L3a' ? 'TRANSACTION_ID_L3A' : 'TRANSACTION_ID';
    hashes.push(...compare('transaction_id', mandate.transaction_id, rule, checkoutHash));
  }
  return hashes;
}

async function decodeSdJwt(found: Found, siblings: Partial<Record<CredentialLayer, string>>) {
  const parsed: SdJwt = await parseSdJwt(found.text);
  const { claims } = resolveClaims(parsed.payload, parsed.disclosures);
  const listed = listedDigests([parsed.payload, ...parsed.disclosures.map((d) => d.value)]);
  const digests: HashCheck[] = parsed.disclosures.map((d) => ({
    claim: d.name ?? (isObject(d.value) && typeof d.value.vct === 'string' ? d.value.vct : '[…]'),
    value: d.digest,
    rule: 'DISCLOSURE',
    matches: listed.has(d.digest),
  }));
  return {
    header: parsed.header,
    claims,
    disclosures: parsed.disclosures.length,
    hashes: [...(await bindingHashes(found.layer, claims, siblings)), ...digests],
  };
}

async function decodeOne(found: Found, siblings: Partial<Record<CredentialLayer, string>>) {
  if (found.layer !== 'checkout') return decodeSdJwt(found, siblings);
  const [header = '', payload = ''] = found.text.split('.');
  const hash: HashCheck = { claim: 'SHA-256', value: await sha256Base64url(found.text), rule: 'CHECKOUT_JWT' };
  return { header: base64urlJson(header), claims: base64urlJson(payload), disclosures: 0, hashes: [hash] };
}

/**
 * The credentials a call carries, decoded and masked as the API log masks (ids and JWTs inside
 * shortened, key material cut, no signature). Each hash is shown with what it must equal,
 * computed here wherever the same call carries that (an L2's `sd_hash` beside its L1…).
 */
export async function decodeCredentials(request: unknown, response: unknown): Promise<DecodedCredential[]> {
  const found = [...credentialFields(request, 'request'), ...credentialFields(response, 'response')];
  return Promise.all(
    found.map(async (item) => {
      const side = item.path.split('.')[0];
      const siblings = Object.fromEntries(
        found.filter((other) => other.path.split('.')[0] === side).map((other) => [other.layer, other.text]),
      );
      try {
        const decoded = await decodeOne(item, siblings);
        return {
          layer: item.layer,
          path: item.path,
          ...decoded,
          header: maskedCopy(decoded.header) as Record<string, unknown>,
          claims: maskedCopy(decoded.claims) as Record<string, unknown>,
        };
      } catch (error) {
        const header = { layer: item.layer, path: item.path, header: {}, claims: {}, disclosures: 0, hashes: [] };
        return { ...header, unreadable: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}
