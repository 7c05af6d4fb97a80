// @vitest-environment node
// The live tool's pieces that need no browser: where the agent calls the network, what each story
// buys, and the mandate-chain component page's chain made in the page and verified by the product's verifier.
import type { Product } from '@c2p/domain';
import { describe, expect, it } from 'vitest';
import { sampleChain, verifyChain } from './chain-sample';
import { networkBaseOf } from './network-sdk';
import { storyProducts } from './story-products';

const product = (id: number, price: number) => ({ id, price, name: `P${id}` }) as unknown as Product;

describe('the live tool’s agentic checkout', () => {
  it('calls the network at the sandbox the SDK script comes from', () => {
    expect(networkBaseOf('/sandbox/srci/integration/2/lib.js?srcDpaId=x', 'https://shop.example')).toBe(
      'https://shop.example/sandbox',
    );
    expect(networkBaseOf('https://net.example/base/sandbox/srci/lib.js', 'https://shop.example')).toBe(
      'https://net.example/base/sandbox',
    );
  });

  it('keeps one product within the limit out of the open mandate, for the "item not allowed" try', () => {
    const chosen = storyProducts([product(1, 129.99), product(2, 199), product(3, 49.5), product(4, 20)]);
    expect(chosen.allowed.map((p) => p.id)).toEqual([1, 3]);
    expect(chosen.within?.id).toBe(1);
    expect(chosen.tries.ITEM_NOT_ALLOWED).toEqual([{ productId: 4, quantity: 1 }]);
    expect(chosen.tries.OVER_AMOUNT).toEqual([{ productId: 2, quantity: 1 }]);
  });

  it('goes over the limit by quantity when no product costs more than it', () => {
    const chosen = storyProducts([product(1, 40), product(2, 10)]);
    expect(chosen.tries.OVER_AMOUNT).toEqual([{ productId: 1, quantity: 4 }]);
  });

  it('the chain made in the page verifies, and one changed character of its signature does not', async () => {
    const chain = await sampleChain('https://shop.example/sandbox');
    const verified = await verifyChain(chain);
    expect(verified.ok).toBe(true);
    expect(verified.checks.every((check) => check.outcome !== 'fail')).toBe(true);

    const [jws, ...rest] = chain.l2.split('~');
    const [header, payload, signature] = jws!.split('.');
    const flipped = `${signature![0] === 'A' ? 'B' : 'A'}${signature!.slice(1)}`;
    const tampered = await verifyChain({ ...chain, l2: [`${header}.${payload}.${flipped}`, ...rest].join('~') });
    expect(tampered.ok).toBe(false);
    expect(tampered.error?.code).toBe('SIGNATURE_INVALID');
  });

  it('another issuer’s key does not verify the card credential', async () => {
    const chain = await sampleChain('https://shop.example/sandbox');
    const other = await sampleChain('https://shop.example/sandbox');
    const refused = await verifyChain({ ...chain, issuerJwk: other.issuerJwk });
    expect(refused.ok).toBe(false);
    expect(refused.checks.some((check) => check.outcome === 'fail')).toBe(true);
  });
});
