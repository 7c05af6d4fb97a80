// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateEs256KeyPair,
  issueCardCredential,
  issueImmediateMandate,
  publicJwkOf,
  sha256Base64url,
  signCheckoutJwt,
  type KeyPair,
} from '@c2p/agentic';
import { decodeCredentials, type DecodedCredential } from './credential-decoder';

const NOW = Math.floor(Date.now() / 1000);
const SHOP = { id: 'shop-dpa', name: 'Click to Pay Demo', website: 'https://shop.example' };

let issuer: KeyPair;
let user: KeyPair;
let l1: string;
let otherL1: string;
let checkoutJwt: string;
let l2: string;

const card = (email: string) =>
  issueCardCredential(
    {
      iss: 'https://shop.example/sandbox',
      sub: 'consumer-1',
      iat: NOW - 60,
      exp: NOW + 3600,
      userPublicJwk: publicJwkOf(user.publicJwk),
      panLastFour: '8785',
      scheme: 'mastercard',
      cardId: 'card-7f3a8b2c9d0e1f2a',
      email,
    },
    issuer,
  );

beforeAll(async () => {
  [issuer, user] = await Promise.all([generateEs256KeyPair('issuer-1'), generateEs256KeyPair('user-1')]);
  l1 = (await card('ada@example.com')).serialized;
  otherL1 = (await card('grace@example.com')).serialized;
  const lines = [{ id: '3', title: 'Lumen lamp', quantity: 2, unitAmount: 2450 }];
  const total = { currency: 'USD', amount: 4900 };
  checkoutJwt = await signCheckoutJwt(
    { checkoutId: 'chk-1', merchant: SHOP, lines, total, iat: NOW, exp: NOW + 1800 },
    await generateEs256KeyPair('shop-key'),
  );
  const input = { iss: 'https://shop.example/sandbox', aud: 'https://shop.example/sandbox', nonce: 'n-1' };
  l2 = (
    await issueImmediateMandate(
      {
        ...input,
        iat: NOW,
        exp: NOW + 600,
        l1,
        checkoutJwt,
        paymentInstrument: { type: 'mastercard.srcDigitalCard', id: 'card-7f3a8b2c9d0e1f2a' },
        payee: SHOP,
        amount: total,
      },
      user,
    )
  ).serialized;
});

const byLayer = (decoded: DecodedCredential[], layer: string) => decoded.find((c) => c.layer === layer)!;
const hash = (credential: DecodedCredential, claim: string) => credential.hashes.find((h) => h.claim === claim)!;

describe('the credential decoder', () => {
  it('shows an L1’s header and disclosed claims, each disclosure’s digest listed, and never its signature', async () => {
    const [decoded] = await decodeCredentials({ l1 }, null);
    expect(decoded).toMatchObject({ layer: 'L1', path: 'request.l1', disclosures: 1 });
    expect(decoded!.header).toMatchObject({ alg: 'ES256', typ: 'sd+jwt', kid: 'issuer-1' });
    expect(decoded!.claims).toMatchObject({ email: 'ada@example.com', pan_last_four: '8785', scheme: 'mastercard' });
    expect(decoded!.hashes).toEqual([
      { claim: 'email', value: expect.stringMatching(/^[\w-]{43}$/), rule: 'DISCLOSURE', matches: true },
    ]);
    const signature = l1.split('~')[0]!.split('.')[2]!;
    const shown = JSON.stringify(decoded);
    expect(shown).not.toContain(signature);
    // The shopper's key is cut as the API log cuts key material; ids inside are shortened too.
    const x = String((publicJwkOf(user.publicJwk) as { x: string }).x);
    expect(shown).not.toContain(x);
    expect(decoded!.claims).toMatchObject({ cnf: { jwk: { x: `${x.slice(0, 12)}…` } } });
  });

  it('checks an immediate L2’s bindings against what the same call carries: sd_hash, checkout_hash, transaction_id', async () => {
    const decoded = await decodeCredentials({ agenticTokenId: 't-1', l1, l2 }, null);
    const mandate = byLayer(decoded, 'L2');
    expect(hash(mandate, 'sd_hash')).toMatchObject({
      rule: 'SD_HASH_L1',
      expected: await sha256Base64url(l1),
      matches: true,
    });
    const checkoutHash = await sha256Base64url(checkoutJwt);
    expect(hash(mandate, 'checkout_hash')).toMatchObject({
      value: checkoutHash,
      expected: checkoutHash,
      matches: true,
    });
    expect(hash(mandate, 'transaction_id')).toMatchObject({ value: checkoutHash, matches: true });
    // The checkout JWT inside the mandate is shortened, as the API log shortens JWTs.
    expect(JSON.stringify(mandate.claims)).not.toContain(checkoutJwt);
  });

  it('says so when an L2 is presented with another card credential than the one it binds', async () => {
    const mandate = byLayer(await decodeCredentials({ l1: otherL1, l2 }, null), 'L2');
    expect(hash(mandate, 'sd_hash')).toMatchObject({ expected: await sha256Base64url(otherL1), matches: false });
  });

  it('leaves a hash unjudged when the call does not carry what it must equal', async () => {
    const mandate = byLayer(await decodeCredentials({ l2 }, null), 'L2');
    expect(hash(mandate, 'sd_hash')).not.toHaveProperty('matches');
  });

  it('decodes the merchant’s checkout JWT with its SHA-256 (the checkout hash), in an answer too', async () => {
    const [decoded] = await decodeCredentials(null, { data: { checkoutId: 'chk-1', checkoutJwt } });
    expect(decoded).toMatchObject({ layer: 'checkout', path: 'response.data.checkoutJwt' });
    expect(decoded!.claims).toMatchObject({ merchant: SHOP, total: { currency: 'USD', amount: 4900 } });
    expect(decoded!.hashes).toEqual([
      { claim: 'SHA-256', value: await sha256Base64url(checkoutJwt), rule: 'CHECKOUT_JWT' },
    ]);
  });

  it('says a credential it cannot read is unreadable instead of failing (a truncated or forged one)', async () => {
    const decoded = await decodeCredentials({ l1: 'eyJhbGciOiJFUzI1NiJ9.not-json.sig~', l2: 'garbage' }, null);
    expect(decoded).toHaveLength(2);
    for (const credential of decoded) expect(credential.unreadable).toEqual(expect.any(String));
  });
});
