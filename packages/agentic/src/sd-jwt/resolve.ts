import { isPlainObject } from '../encoding.ts';
import { refDigest, type Disclosure } from './disclosure.ts';

export interface ResolvedClaims {
  /** The payload with disclosed claims and array elements put in place; undisclosed elements stay `{"...": digest}`. */
  readonly claims: Record<string, unknown>;
  /** Why the disclosures cannot be trusted (RFC 9901 §7.1), empty when they can. */
  readonly problems: readonly string[];
}

const MAX_DEPTH = 16;

/**
 * Puts every presented disclosure in place. A disclosure must be referenced, by `_sd` or by
 * `{"...": digest}` in the payload or in another disclosure, exactly once in `_sd`; a disclosed claim
 * may not replace a visible one. (Verifiable Intent's L2 also lists array-element digests in `_sd`.)
 */
export function resolveClaims(payload: Record<string, unknown>, disclosures: readonly Disclosure[]): ResolvedClaims {
  const problems: string[] = [];
  const byDigest = new Map<string, Disclosure>();
  for (const d of disclosures) {
    if (byDigest.has(d.digest)) problems.push(`disclosure ${d.digest} is presented twice`);
    byDigest.set(d.digest, d);
  }
  const referenced = new Set<string>();

  const resolve = (node: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH) {
      problems.push('disclosures nest too deeply');
      return node;
    }
    if (Array.isArray(node)) return node.map((element) => resolveElement(element, depth));
    if (!isPlainObject(node)) return node;
    return resolveObject(node, depth);
  };

  const resolveElement = (element: unknown, depth: number): unknown => {
    const digest = refDigest(element);
    const disclosure = digest === undefined ? undefined : byDigest.get(digest);
    if (digest === undefined || disclosure === undefined) return resolve(element, depth + 1);
    referenced.add(digest);
    if (disclosure.name !== undefined) problems.push(`disclosure ${digest} names a claim but sits in an array`);
    return resolve(disclosure.value, depth + 1);
  };

  const resolveObject = (node: Record<string, unknown>, depth: number): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key !== '_sd' && key !== '_sd_alg') out[key] = resolve(value, depth + 1);
    }
    const digests = node._sd;
    if (digests === undefined) return out;
    if (!Array.isArray(digests) || digests.some((d) => typeof d !== 'string')) {
      problems.push('_sd is not a list of digests');
      return out;
    }
    if (new Set(digests).size !== digests.length) problems.push('_sd lists a digest twice');
    for (const digest of digests as string[]) {
      const disclosure = byDigest.get(digest);
      if (disclosure === undefined) continue;
      referenced.add(digest);
      if (disclosure.name === undefined) continue;
      if (disclosure.name in out || disclosure.name === '_sd' || disclosure.name === '...') {
        problems.push(`disclosure ${digest} would replace the claim "${disclosure.name}"`);
      } else {
        out[disclosure.name] = resolve(disclosure.value, depth + 1);
      }
    }
    return out;
  };

  const claims = resolveObject(payload, 0);
  for (const d of disclosures) {
    if (!referenced.has(d.digest)) problems.push(`disclosure ${d.digest} is not referenced by the credential`);
  }
  return { claims, problems };
}
