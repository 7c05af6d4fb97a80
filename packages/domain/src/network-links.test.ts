// Issue 29 item 10: the links that leave the demo are the network's real published addresses.
// Nothing can be fetched offline, so they are held to this list, each checked by hand on the
// network's own pages (developer.mastercard.com, found through the documentation search) or its
// public repositories. A new outside link anywhere in the shown code or catalogues must join it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultCheckoutConfiguration } from './merchant-config.ts';
import { defaultDocumentationLinks, DOCUMENTED_COMPONENTS } from './merchant-store-config.ts';
import { NETWORK_LINKS } from './network-links.ts';

const CHECKED = new Set([
  // Mastercard Checkout Solutions documentation pages.
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/use-cases/click-to-pay/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/sdk-reference/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/sdk-reference/identity-lookup/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/sdk-reference/get-src-profile/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/sdk-reference/checkout-method/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/sdk-reference/authenticate/authenticate_clicktopay/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/use-cases/click-to-pay/repeatuser_newdevice/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/tutorial/returninguser_recognized_ui/best-practices/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/tutorial/first_time_ui/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/tutorial/perform-encryption/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/documentation/use-cases/click-to-pay/fetch_decrypt_auth_confirm/',
  'https://developer.mastercard.com/mastercard-checkout-solutions/tutorial/integrate_apis/step10/',
  // Mastercard's public repositories.
  'https://github.com/Mastercard/web-native-integration',
  'https://github.com/Mastercard/client-encryption-nodejs',
  'https://github.com/Mastercard/oauth1-signer-nodejs',
  // Click to Pay terms and privacy notice, as the network's UX best practices name them.
  'https://www.mastercard.com/global/click-to-pay/country-listing/terms.html',
  'https://www.mastercard.com/global/click-to-pay/country-listing/privacy.html',
]);

/** Addresses on the network's sites meant for people (its SDK and API hosts are not links). */
const OUTSIDE_LINK =
  /https:\/\/(?:developer\.mastercard\.com|www\.mastercard\.(?:com|us)|github\.com\/Mastercard)[^\s'"`)<>\]]*/g;

const root = fileURLToPath(new URL('../../../', import.meta.url));
const SHOWN_SOURCES = [
  'apps/web/src',
  'packages/domain/src',
  'packages/domain/locales',
  'packages/network-sandbox/src',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    // network-links.ts builds its addresses from parts; the list equality above holds it.
    const held = /\.(tsx?|json|html)$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'network-links.ts';
    return held ? [path] : [];
  });
}

describe('issue 29 item 10: links that leave the demo', () => {
  it('the component pages link each component to checked documentation and code', () => {
    const links = defaultDocumentationLinks();
    for (const component of DOCUMENTED_COMPONENTS) {
      expect(CHECKED, `${component} documentation`).toContain(links[component].documentationLink);
      expect(CHECKED, `${component} code`).toContain(links[component].codeLink);
    }
  });

  it('the compliance documents sent to the network are checked addresses', () => {
    for (const resource of Object.values(defaultCheckoutConfiguration().complianceSettings)) {
      expect(CHECKED).toContain(resource.latestVersionUri);
    }
  });

  it('every address of network-links.ts is checked, and every checked address is used', () => {
    expect([...NETWORK_LINKS].sort()).toEqual([...CHECKED].sort());
  });

  it('no other address on the network’s sites appears in the code or catalogues that make the pages', () => {
    const unchecked = SHOWN_SOURCES.flatMap((dir) =>
      sourceFiles(join(root, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(OUTSIDE_LINK)]
          .map((match) => match[0])
          .filter((url) => !CHECKED.has(url))
          .map((url) => `${file.slice(root.length)}: ${url}`),
      ),
    );
    expect(unchecked).toEqual([]);
  });
});
