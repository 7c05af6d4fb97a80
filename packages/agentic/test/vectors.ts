/**
 * The Verifiable Intent reference's golden vectors (fixtures/verifiable-intent-vectors.json), written
 * by python/scripts/generate_vectors.py of github.com/agent-intent/verifiable-intent (Apache-2.0);
 * see fixtures/NOTICE. Signatures are randomised there, so tests compare everything else byte for byte.
 */
import { readFileSync } from 'node:fs';
import type { JWK } from 'jose';
import { verifyJwsSignature } from '../src/sd-jwt/jws.ts';
import type { AcceptableItem, CheckoutFacts, IssuerKeyLookup, Party } from '../src/index.ts';
import { decodeJws } from '../src/sd-jwt/jws.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shape is the Python generator's, read as such
type Json = any;

export const V: Json = JSON.parse(
  readFileSync(new URL('./fixtures/verifiable-intent-vectors.json', import.meta.url), 'utf8'),
);

const keyPair = (name: 'issuer' | 'user' | 'agent' | 'merchant') => ({
  kid: V.keys[name].kid as string,
  privateJwk: V.keys[name].private as JWK,
  publicJwk: V.keys[name].public as JWK,
});

export const KEYS = {
  issuer: keyPair('issuer'),
  user: keyPair('user'),
  agent: keyPair('agent'),
  merchant: keyPair('merchant'),
};

export const TENNIS_WAREHOUSE: Party = V.autonomous.inputs.merchants[0];
export const BABOLAT: Party = V.autonomous.inputs.merchants[1];
export const RACKET: AcceptableItem = V.autonomous.inputs.acceptable_items[0];
export const HEAD_RACKET: AcceptableItem = V.autonomous.inputs.acceptable_items[1];
export const PAYMENT_INSTRUMENT = V.immediate.inputs.payment_mandate.payment_instrument;

/** The salts the Python run drew, handed out in the same order. */
export function replaySalts(salts: readonly string[]): () => string {
  let next = 0;
  return () => {
    const salt = salts[next++];
    if (salt === undefined) throw new Error('The vector has no more salts');
    return salt;
  };
}

export function issuerKeyOf(publicJwk: JWK | null): IssuerKeyLookup {
  return (kid) => (publicJwk !== null && kid === KEYS.issuer.kid ? publicJwk : undefined);
}

/** Reads the reference's sample checkout JWT (a `cart` of SKUs priced in dollars) as the merchant's verifier would. */
export async function readVectorCheckout(jwt: string): Promise<CheckoutFacts | undefined> {
  if (!(await verifyJwsSignature(jwt, KEYS.merchant.publicJwk))) return undefined;
  const { cart, iss } = decodeJws(jwt).payload as Json;
  return {
    merchant: iss === TENNIS_WAREHOUSE.website ? TENNIS_WAREHOUSE : { name: '?', website: String(iss) },
    items: cart.items.map((item: Json) => ({ id: item.sku, quantity: item.quantity })),
    total: { currency: cart.subTotal.currencyCode, amount: Math.round(cart.subTotal.amount * 100) },
  };
}

/** The base64url segments of a JWS, to compare with the vectors' `header_b64` and `payload_b64`. */
export function segments(jws: string): { header: string; payload: string } {
  const [header = '', payload = ''] = jws.split('.');
  return { header, payload };
}
