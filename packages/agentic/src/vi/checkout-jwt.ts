import type { JWK } from 'jose';
import { isPlainObject } from '../encoding.ts';
import type { SigningKey } from '../keys.ts';
import { decodeJws, signJws, verifyJwsSignature } from '../sd-jwt/jws.ts';
import { CLOCK_SKEW_SECONDS } from './constants.ts';
import type { Party, PaymentAmount, PurchasedItem } from './types.ts';

/**
 * The merchant-signed checkout (`checkout_jwt`). Verifiable Intent v0.1 leaves its schema to the
 * implementation (credential-format §6.3); this one is ours: the merchant, the lines by product id
 * with integer minor-unit prices, and the total.
 */
export interface CheckoutContents {
  readonly checkoutId: string;
  readonly merchant: Party;
  readonly lines: readonly { id: string; title: string; quantity: number; unitAmount: number }[];
  readonly total: PaymentAmount;
  readonly iat: number;
  readonly exp: number;
}

/** What a merchant's verifier needs from a checkout it issued. */
export interface CheckoutFacts {
  readonly merchant: Party;
  readonly items: readonly PurchasedItem[];
  readonly total: PaymentAmount;
}

export function signCheckoutJwt(contents: CheckoutContents, merchant: SigningKey): Promise<string> {
  const payload = {
    iss: contents.merchant.website,
    sub: contents.checkoutId,
    iat: contents.iat,
    exp: contents.exp,
    merchant: contents.merchant,
    line_items: contents.lines.map((l) => ({
      id: l.id,
      title: l.title,
      quantity: l.quantity,
      unit_amount: l.unitAmount,
    })),
    total: contents.total,
  };
  return signJws({ alg: 'ES256', typ: 'JWT', kid: merchant.kid }, payload, merchant.privateJwk);
}

/** The checkout's facts when `jwt` is a current checkout signed with `merchantPublicJwk`; undefined otherwise. */
export async function readCheckoutJwt(
  jwt: string,
  merchantPublicJwk: JWK,
  now: number,
): Promise<CheckoutFacts | undefined> {
  if (!(await verifyJwsSignature(jwt, merchantPublicJwk))) return undefined;
  const { payload } = decodeJws(jwt);
  const { exp, merchant, line_items: lines, total } = payload;
  if (typeof exp !== 'number' || now > exp + CLOCK_SKEW_SECONDS) return undefined;
  if (!isPlainObject(merchant) || !isPlainObject(total) || !Array.isArray(lines)) return undefined;
  const items = lines.filter(isPlainObject).map((l) => ({ id: String(l.id), quantity: Number(l.quantity) }));
  return {
    merchant: merchant as unknown as Party,
    items,
    total: { currency: String(total.currency), amount: Number(total.amount) },
  };
}
