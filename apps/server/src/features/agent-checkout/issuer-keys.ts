import type { JWK } from 'jose';
import type { IssuerKeyLookup } from '@c2p/agentic';
import { callNetwork } from '../payments/network-client.ts';

/** How long a key the network published is trusted before it is asked again. */
const CACHE_MS = 5 * 60_000;

/**
 * The network's card-credential (L1) issuer keys, published at GET {network}/agent-pay/keys, by
 * `kid`: an ES256 public key, or undefined (the chain then fails ISSUER_UNKNOWN).
 */
export function networkIssuerKeys(networkBase: () => string): IssuerKeyLookup {
  let cached: { keys: JWK[]; until: number } | undefined;
  const keys = async (): Promise<JWK[]> => {
    if (cached && cached.until > Date.now()) return cached.keys;
    const answer = await callNetwork({
      method: 'GET',
      url: `${networkBase()}/agent-pay/keys`,
      headers: {},
      body: undefined,
    });
    const found = (answer.body as { keys?: unknown } | null)?.keys;
    const list = answer.ok && Array.isArray(found) ? (found as JWK[]) : [];
    cached = { keys: list, until: Date.now() + (list.length > 0 ? CACHE_MS : 0) };
    return list;
  };
  return async (kid) => {
    const jwk = (await keys()).find((key) => key.kid === kid && key.kty === 'EC' && key.crv === 'P-256');
    if (!jwk) return undefined;
    const { kty, crv, x, y } = jwk;
    return { kty, crv, x, y };
  };
}
