import {
  generateEs256KeyPair,
  issueCardCredential,
  issueImmediateMandate,
  publicJwkOf,
  signCheckoutJwt,
  verifyMandate,
  type Check,
  type Party,
} from '@c2p/agentic';
import type { JWK } from 'jose';

/** A mandate chain to verify: the card credential, the shopper's immediate mandate, the issuer's public key. */
export interface ChainInput {
  readonly l1: string;
  readonly l2: string;
  readonly issuerJwk: JWK;
  /** Who the mandate is for (its `aud`): the network verifying it. */
  readonly audience: string;
}

const DEMO_MERCHANT: Party = { id: 'demo-dpa', name: 'Demo shop', website: 'https://shop.example' };

/**
 * A fresh chain, made in the page with keys made here (the issuer, the shopper, the merchant): an
 * L1 for a test card and an immediate L2 for one line, as the network issues them.
 */
export async function sampleChain(audience: string): Promise<ChainInput> {
  const [issuer, shopper, merchant] = await Promise.all([
    generateEs256KeyPair('demo-issuer'),
    generateEs256KeyPair('demo-shopper'),
    generateEs256KeyPair('demo-merchant'),
  ]);
  const iat = Math.floor(Date.now() / 1000);
  const l1 = await issueCardCredential(
    {
      iss: audience,
      sub: 'demo-shopper',
      iat,
      exp: iat + 3600,
      userPublicJwk: publicJwkOf(shopper.publicJwk),
      panLastFour: '8785',
      scheme: 'mastercard',
      cardId: 'demo-card',
      email: 'returning.user@example.com',
    },
    issuer,
  );
  const total = { currency: 'USD', amount: 4900 };
  const checkoutJwt = await signCheckoutJwt(
    {
      checkoutId: `demo-${iat}`,
      merchant: DEMO_MERCHANT,
      lines: [{ id: '1', title: 'Kettle', quantity: 2, unitAmount: 2450 }],
      total,
      iat,
      exp: iat + 1800,
    },
    merchant,
  );
  const l2 = await issueImmediateMandate(
    {
      iss: audience,
      aud: audience,
      nonce: crypto.randomUUID(),
      iat,
      exp: iat + 900,
      l1: l1.serialized,
      checkoutJwt,
      paymentInstrument: { type: 'mastercard.srcDigitalCard', id: 'demo-card', description: '**** 8785' },
      payee: DEMO_MERCHANT,
      amount: total,
    },
    { kid: shopper.kid, privateJwk: shopper.privateJwk },
  );
  return { l1: l1.serialized, l2: l2.serialized, issuerJwk: publicJwkOf(issuer.publicJwk), audience };
}

/** The product's verifier on the chain: each check in order, and the verdict (the first failure's code). */
export async function verifyChain(input: Partial<ChainInput>) {
  const issuerJwk = input.issuerJwk;
  const report = await verifyMandate(
    { l1: String(input.l1 ?? ''), l2: String(input.l2 ?? '') },
    {
      issuerKey: () => issuerJwk,
      ...(typeof input.audience === 'string' ? { l2Audience: input.audience } : {}),
    },
  );
  return {
    ok: report.facts !== undefined,
    checks: report.checks as readonly Check[],
    ...(report.error && { error: { code: report.error.code, message: report.error.message } }),
  };
}
