import { describe, expect, it } from 'vitest';
import { base64url, compactJson, fromBase64url } from '../src/encoding.ts';
import {
  allowedMerchants,
  allowedPayees,
  amountRange,
  budget,
  encodeDisclosure,
  issueAutonomousMandate,
  issueCardCredential,
  issueCheckoutCredential,
  issueImmediateMandate,
  issuePaymentCredential,
  lineItems,
  parseSdJwt,
  paymentReference,
  presentation,
  resolveClaims,
  sha256Base64url,
} from '../src/index.ts';
import { verifyJwsSignature } from '../src/sd-jwt/jws.ts';
import {
  BABOLAT,
  HEAD_RACKET,
  KEYS,
  PAYMENT_INSTRUMENT,
  RACKET,
  replaySalts,
  segments,
  TENNIS_WAREHOUSE,
  V,
} from './vectors.ts';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('Verifiable Intent vectors: primitives', () => {
  it('encodes base64url as the reference does', () => {
    for (const c of V.primitives.b64url) {
      expect(base64url(Buffer.from(c.bytes_hex, 'hex'))).toBe(c.b64url);
      expect(hex(fromBase64url(c.b64url))).toBe(c.bytes_hex);
    }
  });

  it('writes disclosures and their digests byte for byte', async () => {
    for (const c of V.primitives.disclosures) {
      expect(encodeDisclosure(c.claim_name, c.value, c.salt)).toBe(c.disclosure);
      expect(await sha256Base64url(c.disclosure)).toBe(c.hash);
    }
  });

  it('hashes strings as the reference does', async () => {
    for (const c of V.primitives.hash_bytes) expect(await sha256Base64url(c.input_ascii)).toBe(c.hash);
    expect(await sha256Base64url(V.shared.checkout_jwt)).toBe(V.shared.checkout_hash);
    expect(await sha256Base64url(V.shared.l1_serialized)).toBe(V.shared.l1_sd_hash);
  });

  it('builds each constraint we issue with the reference key order', () => {
    const built: Record<string, unknown> = {
      AllowedMerchantConstraint: allowedMerchants([TENNIS_WAREHOUSE, BABOLAT]),
      CheckoutLineItemsConstraint: lineItems([{ id: 'line-1', acceptableItems: [RACKET], quantity: 2 }], 'exact'),
      AllowedPayeeConstraint: allowedPayees([TENNIS_WAREHOUSE]),
      PaymentAmountConstraint: amountRange({ currency: 'USD', min: 10000, max: 40000 }),
      PaymentAmountConstraint_max_only: amountRange({ currency: 'EUR', max: 5000 }),
      ReferenceConstraint: paymentReference('deadbeef'),
      PaymentBudgetConstraint: budget({ currency: 'USD', max: 100000, min: 500 }),
    };
    // Recurrence constraints are network-enforced schedules we neither issue nor enforce (see README).
    const notIssued = ['PaymentRecurrenceConstraint', 'AgentRecurrenceConstraint'];
    for (const c of V.models.constraints) {
      if (notIssued.includes(c.name)) continue;
      expect(built[c.name], c.name).toEqual(c.dict);
      expect(compactJson(built[c.name]), c.name).toBe(c.json);
    }
  });

  it('reproduces every array-element disclosure of L2 and L3 from its salt and value', async () => {
    const records = [V.immediate.l2, V.autonomous.l2, V.autonomous.l3a.credential, V.autonomous.l3b.credential];
    for (const record of records) {
      for (const [i, encoded] of record.disclosures.entries()) {
        expect(encodeDisclosure(null, record.values[i], record.salts[i])).toBe(encoded);
        expect(await sha256Base64url(encoded)).toBe(record.sd_hashes_of_disclosures[i]);
      }
    }
  });
});

describe('Verifiable Intent vectors: signatures made by the Python reference', () => {
  it('verify with the issuer, user and agent keys', async () => {
    const signed = [
      [V.shared.l1.serialized, KEYS.issuer.publicJwk],
      [V.immediate.l2.serialized, KEYS.user.publicJwk],
      [V.autonomous.l2.serialized, KEYS.user.publicJwk],
      [V.autonomous.l3a.credential.serialized, KEYS.agent.publicJwk],
      [V.autonomous.l3b.credential.serialized, KEYS.agent.publicJwk],
    ] as const;
    for (const [serialized, key] of signed) {
      expect(await verifyJwsSignature((await parseSdJwt(serialized)).jws, key)).toBe(true);
    }
  });

  it('fail once the signed subject is changed', async () => {
    const { jws } = await parseSdJwt(V.shared.l1.serialized);
    const [header, payload, signature] = jws.split('.') as [string, string, string];
    const forged = Buffer.from(payload, 'base64url').toString().replace('user-subject-12345', 'attacker');
    expect(
      await verifyJwsSignature(
        `${header}.${Buffer.from(forged).toString('base64url')}.${signature}`,
        KEYS.issuer.publicJwk,
      ),
    ).toBe(false);
  });

  it('resolve to the mandates the reference resolves, nested merchants and items included', async () => {
    const immediate = await parseSdJwt(V.immediate.l2.serialized);
    expect(resolveClaims(immediate.payload, immediate.disclosures).claims.delegate_payload).toEqual(
      V.immediate.l2.values,
    );
    const autonomous = await parseSdJwt(V.autonomous.l2.serialized);
    const [checkout, payment] = resolveClaims(autonomous.payload, autonomous.disclosures).claims.delegate_payload as {
      constraints: { allowed?: unknown; items?: { acceptable_items: unknown }[] }[];
    }[];
    expect(checkout?.constraints[0]?.allowed).toEqual([TENNIS_WAREHOUSE, BABOLAT]);
    expect(checkout?.constraints[1]?.items?.[0]?.acceptable_items).toEqual([RACKET, HEAD_RACKET]);
    expect(payment?.constraints[0]?.allowed).toEqual([TENNIS_WAREHOUSE]);
  });
});

describe('Verifiable Intent vectors: issuance reproduces the reference byte for byte', () => {
  it('L1', async () => {
    const c = V.shared.l1_credential;
    const l1 = await issueCardCredential(
      { ...c, userPublicJwk: c.cnf_jwk, panLastFour: c.pan_last_four, cardId: c.card_id },
      KEYS.issuer,
      { salt: replaySalts(V.shared.l1.salts) },
    );
    expect(l1.disclosures).toEqual(V.shared.l1.disclosures);
    expect(segments(l1.jws)).toEqual({ header: V.shared.l1.header_b64, payload: V.shared.l1.payload_b64 });
    expect(await verifyJwsSignature(l1.jws, KEYS.issuer.publicJwk)).toBe(true);
  });

  it('L2 immediate', async () => {
    const { checkout_mandate: checkout, payment_mandate: payment, ...input } = V.immediate.inputs;
    const l2 = await issueImmediateMandate(
      {
        ...input,
        l1: V.shared.l1_serialized,
        checkoutJwt: checkout.checkout_jwt,
        paymentInstrument: payment.payment_instrument,
        payee: payment.payee,
        amount: { currency: payment.currency, amount: payment.amount },
      },
      KEYS.user,
      { salt: replaySalts(V.immediate.l2.salts) },
    );
    expect(l2.disclosures).toEqual(V.immediate.l2.disclosures);
    expect(segments(l2.jws)).toEqual({ header: V.immediate.l2.header_b64, payload: V.immediate.l2.payload_b64 });
  });

  it('L2 autonomous', async () => {
    const input = V.autonomous.inputs;
    const l2 = await issueAutonomousMandate(
      {
        ...input,
        l1: V.shared.l1_serialized,
        agent: { jwk: input.agent_cnf_jwk, kid: input.agent_cnf_kid },
        acceptableItems: input.acceptable_items,
        checkout: {
          constraints: [
            allowedMerchants([TENNIS_WAREHOUSE, BABOLAT]),
            lineItems([{ id: 'line-1', acceptableItems: [RACKET, HEAD_RACKET], quantity: 1 }]),
          ],
        },
        payment: {
          paymentInstrument: PAYMENT_INSTRUMENT,
          constraints: [allowedPayees([TENNIS_WAREHOUSE]), amountRange({ currency: 'USD', min: 10000, max: 40000 })],
        },
      },
      KEYS.user,
      { salt: replaySalts(V.autonomous.l2.salts) },
    );
    expect(l2.disclosures).toEqual(V.autonomous.l2.disclosures);
    expect(segments(l2.jws)).toEqual({ header: V.autonomous.l2.header_b64, payload: V.autonomous.l2.payload_b64 });
  });

  it('L3a, bound to the network presentation of L2', async () => {
    const { inputs, credential, selective_presentation: expectedPresentation } = V.autonomous.l3a;
    const l2Presentation = presentation(inputs.l2_base_jwt, [inputs.payment_disclosure, inputs.merchant_disclosure]);
    expect(l2Presentation).toBe(expectedPresentation);
    const final = inputs.final_payment;
    const l3a = await issuePaymentCredential(
      {
        ...inputs,
        l2Presentation,
        transactionId: final.transaction_id,
        payee: final.payee,
        paymentAmount: final.payment_amount,
        paymentInstrument: final.payment_instrument,
        selectedMerchant: inputs.final_merchant,
      },
      KEYS.agent,
      { salt: replaySalts(credential.salts) },
    );
    expect(l3a.disclosures).toEqual(credential.disclosures);
    expect(segments(l3a.jws)).toEqual({ header: credential.header_b64, payload: credential.payload_b64 });
  });

  it('L3b, bound to the merchant presentation of L2', async () => {
    const { inputs, credential, selective_presentation: expectedPresentation } = V.autonomous.l3b;
    const l2Presentation = presentation(inputs.l2_base_jwt, [inputs.checkout_disclosure, inputs.item_disclosure]);
    expect(l2Presentation).toBe(expectedPresentation);
    const l3b = await issueCheckoutCredential(
      { ...inputs, l2Presentation, checkoutJwt: inputs.final_checkout.checkout_jwt },
      KEYS.agent,
      { salt: replaySalts(credential.salts) },
    );
    expect(l3b.disclosures).toEqual(credential.disclosures);
    expect(segments(l3b.jws)).toEqual({ header: credential.header_b64, payload: credential.payload_b64 });
  });
});
