import {
  parseSdJwt,
  sha256Base64url,
  TYP,
  verifyCheckoutCredential,
  verifyMandate,
  type IssuerKeyLookup,
  type MerchantIdentity,
  type VerificationReport,
} from '@c2p/agentic';
import type { AgentCheck, AgentEvidenceLayer } from '@c2p/domain';

export interface ChainInput {
  readonly l1: string;
  readonly l2: string;
  readonly l3b?: string | undefined;
}

export interface CheckedChain {
  readonly mode: 'immediate' | 'autonomous';
  /** Every check, the shop's own last: that the credentials bind this very checkout. */
  readonly checks: AgentCheck[];
  readonly layers: AgentEvidenceLayer[];
  /** The first failed check's code; absent when the chain holds. */
  readonly refusal?: string;
  /** The L1 claims, once read (the shopper's email, when disclosed). */
  readonly card?: Record<string, unknown>;
}

/**
 * The merchant's check of an agent's credentials (Verifiable Intent): L1 and the immediate L2 the
 * shopper signed for this cart, or L1, the open L2 and the agent's L3b; then that the checkout they
 * bind is this one (a mandate for another of our checkouts pays for that one only).
 */
export async function checkChain(
  input: ChainInput,
  expected: { issuerKey: IssuerKeyLookup; merchant: MerchantIdentity; checkoutJwt: string },
): Promise<CheckedChain> {
  const immediate = (await typOf(input.l2)) === TYP.l2Immediate;
  const report: VerificationReport<unknown> = immediate
    ? await verifyMandate(input, { issuerKey: expected.issuerKey, merchant: expected.merchant })
    : await verifyCheckoutCredential(
        { l1: input.l1, l2: input.l2, l3b: input.l3b ?? '' },
        { issuerKey: expected.issuerKey, audience: expected.merchant.party.website, merchant: expected.merchant },
      );
  const checks: AgentCheck[] = report.checks.map((check) => ({ ...check, layer: check.layer as AgentCheck['layer'] }));
  const layers = evidenceLayers(report);
  const card = report.layers.L1?.claims;
  const mode = immediate ? 'immediate' : 'autonomous';
  if (!report.valid)
    return { mode, checks, layers, refusal: report.error?.code ?? 'CREDENTIAL_MALFORMED', ...(card && { card }) };
  const layer = immediate ? 'L2' : 'L3b';
  const bound = boundCheckoutHash(report, immediate);
  const own = await sha256Base64url(expected.checkoutJwt);
  const thisCheckout: AgentCheck = {
    layer,
    name: 'this_checkout',
    outcome: own === bound ? 'pass' : 'fail',
    compared: { relation: 'equals', expected: own, actual: bound },
    ...(own === bound ? {} : { code: 'CHECKOUT_HASH_MISMATCH' }),
  };
  return {
    mode,
    checks: [...checks, thisCheckout],
    layers,
    ...(own === bound ? {} : { refusal: 'CHECKOUT_HASH_MISMATCH' }),
    ...(card && { card }),
  };
}

async function typOf(l2: string): Promise<unknown> {
  try {
    return (await parseSdJwt(l2)).header.typ;
  } catch {
    return undefined;
  }
}

/** The checkout hash the credentials bind: the immediate L2's checkout mandate, or the L3b's. */
function boundCheckoutHash(report: VerificationReport<unknown>, immediate: boolean): unknown {
  const facts = report.facts as { checkout?: { checkout_hash?: unknown }; checkoutHash?: unknown };
  return immediate ? facts.checkout?.checkout_hash : facts.checkoutHash;
}

/** The layers as decoded, without their serialised form or the disclosures' salts. */
function evidenceLayers(report: VerificationReport<unknown>): AgentEvidenceLayer[] {
  return (['L1', 'L2', 'L3b'] as const).flatMap((name) => {
    const layer = report.layers[name];
    if (!layer) return [];
    const { header, payload, claims } = layer;
    const disclosures = layer.disclosures.map(({ digest, name: claim, value }) => ({
      digest,
      ...(claim === undefined ? {} : { name: claim }),
      value,
    }));
    return [{ layer: name, header, payload, disclosures, claims }];
  });
}
