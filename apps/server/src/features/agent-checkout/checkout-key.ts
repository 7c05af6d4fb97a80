import { calculateJwkThumbprint, type JWK } from 'jose';
import { generateEs256KeyPair, publicJwkOf, type KeyPair } from '@c2p/agentic';
import type { Database } from '../../db/client.ts';
import { findMerchantKey, insertMerchantKeyIfAbsent } from '../payments/repository.ts';

export const CHECKOUT_KEY_PURPOSE = 'agent-checkout-signing';

/**
 * The ES256 key the shop signs its agent checkouts with (the checkout JWT a mandate binds to), made
 * at the first start and kept in merchant_keys like the network signing key, so that every instance
 * signs with the same key. Its public half is published at GET /api/agent/keys.
 */
export async function loadCheckoutKey(db: Database): Promise<KeyPair> {
  let row = await findMerchantKey(db, CHECKOUT_KEY_PURPOSE);
  if (!row) {
    const pair = await generateEs256KeyPair('');
    const kid = `merchant-agent-checkout-${(await calculateJwkThumbprint(publicJwkOf(pair.publicJwk))).slice(0, 16)}`;
    await insertMerchantKeyIfAbsent(db, {
      purpose: CHECKOUT_KEY_PURPOSE,
      kid,
      publicJwk: { ...publicJwkOf(pair.publicJwk), kid },
      privateJwk: { ...pair.privateJwk, kid },
    });
    row = await findMerchantKey(db, CHECKOUT_KEY_PURPOSE);
    if (!row) throw new Error('the merchant agent-checkout key could not be stored');
  }
  return { kid: row.kid, publicJwk: publicJwkOf(row.publicJwk), privateJwk: row.privateJwk };
}

/** The JWKS of GET /api/agent/keys. */
export const checkoutKeySet = (key: KeyPair): { keys: JWK[] } => ({
  keys: [{ ...key.publicJwk, kid: key.kid, use: 'sig', alg: 'ES256' }],
});
