import { describe, expect, it } from 'vitest';
import { compactJson } from '../src/encoding.ts';
import {
  checkConstraints,
  encodeDisclosure,
  parseSdJwt,
  presentation,
  sha256Base64url,
  verifyCheckoutCredential,
  verifyMandate,
  verifyPaymentCredential,
  type AgenticErrorCode,
  type VerificationReport,
} from '../src/index.ts';
import { digestRef, refDigest } from '../src/sd-jwt/disclosure.ts';
import { signJws } from '../src/sd-jwt/jws.ts';
import { issuerKeyOf, KEYS, readVectorCheckout, TENNIS_WAREHOUSE, V } from './vectors.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a scenario record of the Python generator
type Scenario = any;

const chainOptions = (s: Scenario) => ({
  issuerKey: issuerKeyOf(s.issuer_public),
  now: s.current_time as number,
  l2Audience: s.expected_l2_aud ?? undefined,
  l2Nonce: s.expected_l2_nonce ?? undefined,
});

const network = (s: Scenario, l2: string) =>
  verifyPaymentCredential(
    { l1: s.l1, l2, l3a: s.l3_payment },
    {
      ...chainOptions(s),
      audience: s.expected_l3_payment_aud ?? 'https://network.mastercard.com',
      nonce: s.expected_l3_payment_nonce ?? undefined,
    },
  );

/** The reference routes merchant disclosures to the network only, so the merchant cannot check allowed_merchants itself. */
const merchant = (s: Scenario, l2: string, transactionId?: string) =>
  verifyCheckoutCredential(
    { l1: s.l1, l2, l3b: s.l3_checkout },
    {
      ...chainOptions(s),
      audience: s.expected_l3_checkout_aud ?? 'https://tennis-warehouse.com',
      nonce: s.expected_l3_checkout_nonce ?? undefined,
      merchant: { party: TENNIS_WAREHOUSE, readCheckout: readVectorCheckout },
      requireMerchantDisclosure: false,
      ...(transactionId !== undefined && { transactionId }),
    },
  );

const mandate = (s: Scenario) => verifyMandate({ l1: s.l1, l2: s.l2 }, chainOptions(s));

/**
 * Each of the reference's chain scenarios, run through the product's verifier for the party that
 * would receive it, with the error code we expect where the reference expects a rejection. The
 * reference verifies L2 and both L3s in one call; our network sees L3a with its L2 view, our
 * merchant L3b with its own.
 */
const SCENARIOS: Record<
  string,
  { run: (s: Scenario) => Promise<VerificationReport<unknown>[]>; code?: AgenticErrorCode }
> = {
  immediate_valid: { run: async (s) => [await mandate(s)] },
  immediate_wrong_aud: { run: async (s) => [await mandate(s)], code: 'AUDIENCE_MISMATCH' },
  immediate_wrong_nonce: { run: async (s) => [await mandate(s)], code: 'NONCE_MISMATCH' },
  immediate_expired: { run: async (s) => [await mandate(s)], code: 'MANDATE_EXPIRED' },
  immediate_iat_future: { run: async (s) => [await mandate(s)], code: 'NOT_YET_VALID' },
  immediate_tampered_l1: { run: async (s) => [await mandate(s)], code: 'SIGNATURE_INVALID' },
  immediate_missing_issuer_key: { run: async (s) => [await mandate(s)], code: 'ISSUER_UNKNOWN' },
  immediate_duplicate_l1_sd: { run: async (s) => [await mandate(s)], code: 'DISCLOSURE_INVALID' },
  autonomous_valid: {
    run: async (s) => {
      const paid = await network(s, s.l2_payment_serialized);
      const transactionId = paid.valid ? (paid.facts as { transactionId: string }).transactionId : undefined;
      return [await mandate(s), paid, await merchant(s, s.l2_checkout_serialized, transactionId)];
    },
  },
  // Here each L3 comes with the other recipient's L2 presentation.
  autonomous_swapped_l3: {
    run: async (s) => [await network(s, s.l2_payment_serialized), await merchant(s, s.l2_checkout_serialized)],
    code: 'SD_HASH_MISMATCH',
  },
  autonomous_wrong_l3_aud: { run: async (s) => [await network(s, s.l2_payment_serialized)], code: 'AUDIENCE_MISMATCH' },
  autonomous_l3_expired: {
    run: async (s) => [await network(s, s.l2_payment_serialized), await merchant(s, s.l2_checkout_serialized)],
    code: 'MANDATE_EXPIRED',
  },
  // The reference may skip L1's signature in tests; the product always checks it, here with the issuer's key.
  autonomous_skip_issuer_ok: {
    run: async (s) => [await network({ ...s, issuer_public: KEYS.issuer.publicJwk }, s.l2_payment_serialized)],
  },
  autonomous_split_agent: { run: async (s) => [await mandate(s)], code: 'AGENT_KEY_MISMATCH' },
};

describe('Verifiable Intent vectors: chain scenarios', () => {
  for (const s of V.verification_conformance.chain_scenarios as Scenario[]) {
    it(`${s.name}: ${s.expected_valid ? 'accepted' : 'refused'}`, async () => {
      const scenario = SCENARIOS[s.name];
      expect(scenario, 'a scenario the product does not run').toBeDefined();
      const reports = await scenario!.run(s);
      for (const report of reports) {
        expect(report.valid, JSON.stringify(report.error)).toBe(s.expected_valid);
        expect(report.error?.code).toBe(scenario!.code);
      }
    });
  }

  it('the valid autonomous chain shows each hash binding it checked, with both values', async () => {
    const s = V.verification_conformance.chain_scenarios.find((c: Scenario) => c.name === 'autonomous_valid');
    const report = await network(s, s.l2_payment_serialized);
    const bindings = report.checks
      .filter((c) => c.name === 'sd_hash')
      .map((c) => [c.layer, c.outcome, c.compared?.expected]);
    expect(bindings).toEqual([
      ['L2', 'pass', V.shared.l1_sd_hash],
      ['L3a', 'pass', V.autonomous.l3a.sd_hash],
    ]);
    expect(Object.keys(report.layers)).toEqual(['L1', 'L2', 'L3a']);
    expect(report.layers.L1?.claims.email).toBe('user@example.com');
  });
});

const CONSTRAINT_CODES: Record<string, AgenticErrorCode | undefined> = {
  amount_over_max: 'THRESHOLD_EXCEEDED',
  amount_under_min: 'AMOUNT_BELOW_MINIMUM',
  amount_wrong_currency: 'CURRENCY_MISMATCH',
  payee_not_allowed: 'MERCHANT_NOT_ALLOWED',
  line_items_over_qty: 'ITEM_NOT_ALLOWED',
  line_items_wrong_id: 'ITEM_NOT_ALLOWED',
  unknown_strict: 'UNKNOWN_CONSTRAINT',
  unknown_open_rejected: 'UNKNOWN_CONSTRAINT',
};

describe('Verifiable Intent vectors: constraint cases', () => {
  for (const c of V.verification_conformance.constraint_cases) {
    it(`${c.name}: ${c.expected.satisfied ? 'satisfied' : 'violated'}`, () => {
      const { payment_amount: paymentAmount, payee, line_items: lineItems } = c.fulfillment;
      const outcomes = checkConstraints(
        c.constraints,
        { paymentAmount, payee, lineItems },
        { open: c.is_open_mandate, strict: c.mode === 'strict' },
      );
      const failures = outcomes.filter((o) => o.outcome === 'fail');
      expect(failures.length === 0).toBe(c.expected.satisfied);
      expect(failures[0]?.code).toBe(CONSTRAINT_CODES[c.name]);
      expect(outcomes.filter((o) => o.outcome === 'skip')).toHaveLength(c.expected.skipped);
    });
  }
});

/**
 * The reference's integrity cases (checkout_hash binding, L2 reference binding, L3 cross-reference),
 * played as an attacker would: the mandate re-signed with the shopper's key around a mismatched value.
 */
describe('Verifiable Intent vectors: integrity cases', () => {
  const cases = Object.fromEntries(V.verification_conformance.integrity_cases.map((c: Scenario) => [c.name, c]));
  const valid = V.verification_conformance.chain_scenarios.find((c: Scenario) => c.name === 'autonomous_valid');
  const immediate = V.verification_conformance.chain_scenarios.find((c: Scenario) => c.name === 'immediate_valid');

  it('checkout_hash_mismatch: a transaction_id that is not the checkout hash', async () => {
    expect(cases.checkout_hash_ok.expected_valid && !cases.checkout_hash_mismatch.expected_valid).toBe(true);
    const wrongTransaction = cases.checkout_hash_mismatch.payment_mandate.transaction_id;
    const l2 = await resignL2(immediate.l2, (m) =>
      m.vct === 'mandate.payment.1' ? { ...m, transaction_id: wrongTransaction } : m,
    );
    const report = await verifyMandate({ l1: immediate.l1, l2 }, chainOptions(immediate));
    expect(report.error?.code).toBe('TRANSACTION_MISMATCH');
    expect(report.checks.at(-1)?.compared).toEqual({
      relation: 'equals',
      expected: V.shared.checkout_hash,
      actual: 'WRONGHASH',
    });
  });

  it('l2_reference_mismatch: a payment mandate that references another checkout mandate', async () => {
    const wrongReference = cases.l2_reference_mismatch.payment_mandate.constraints[0];
    const l2 = await resignL2(V.autonomous.l2.serialized, (m) =>
      m.vct === 'mandate.payment.open.1'
        ? {
            ...m,
            constraints: m.constraints.map((c: Scenario) => (c.type === wrongReference.type ? wrongReference : c)),
          }
        : m,
    );
    const report = await verifyMandate({ l1: valid.l1, l2 }, chainOptions(valid));
    expect(report.error?.code).toBe('REFERENCE_MISMATCH');
  });

  it('l3_xref_mismatch: a checkout credential for another transaction than the one paid', async () => {
    const paidFor = cases.l3_xref_mismatch.l3_checkout_claims.delegate_payload[0].checkout_hash;
    expect((await merchant(valid, valid.l2_checkout_serialized, paidFor)).error?.code).toBe('TRANSACTION_MISMATCH');
    const paid = cases.l3_xref_ok.l3_payment_claims.delegate_payload[0].transaction_id;
    expect((await merchant(valid, valid.l2_checkout_serialized, paid)).valid).toBe(true);
  });
});

/** Re-signs an L2 with the shopper's key after `edit` changes its mandate disclosures (salts kept, digests redone). */
async function resignL2(serialized: string, edit: (mandate: Scenario) => Scenario): Promise<string> {
  const { header, payload, disclosures } = await parseSdJwt(serialized);
  const renamed = new Map<string, string>();
  const encoded: string[] = [];
  for (const d of disclosures) {
    const next = encodeDisclosure(null, edit(d.value), d.salt);
    renamed.set(d.digest, await sha256Base64url(next));
    encoded.push(next);
  }
  const rename = (digest: string) => renamed.get(digest) ?? digest;
  const resigned = {
    ...payload,
    delegate_payload: (payload.delegate_payload as unknown[]).map((ref) => digestRef(rename(refDigest(ref) ?? ''))),
    _sd: (payload._sd as string[]).map(rename),
  };
  const jws = await signJws(header as never, JSON.parse(compactJson(resigned)), KEYS.user.privateJwk);
  return presentation(jws, encoded);
}
