import { isPlainObject } from '../encoding.ts';
import type { Disclosure } from '../sd-jwt/disclosure.ts';
import { parseSdJwt, presentation } from '../sd-jwt/sd-jwt.ts';
import { VCT } from './constants.ts';
import { sameParty } from './constraints.ts';
import type { Party } from './types.ts';

/**
 * The L2 view each recipient gets (credential-format §5.4): the network sees the payment mandate and
 * the chosen merchant, never the cart; the merchant sees the checkout mandate and the items bought,
 * never the payment instrument.
 */
export async function paymentPresentation(l2: string, payee: Party): Promise<string> {
  const { jws, disclosures } = await parseSdJwt(l2);
  return presentation(jws, [mandateDisclosure(disclosures, VCT.paymentOpen), partyDisclosure(disclosures, payee)]);
}

/**
 * The merchant's view. With `merchant`, the merchant's own disclosure is added after the items so it
 * can check `allowed_merchants` itself; the reference flow leaves that check to the network's payee check.
 */
export async function checkoutPresentation(
  l2: string,
  selection: { readonly itemIds: readonly string[]; readonly merchant?: Party },
): Promise<string> {
  const { jws, disclosures } = await parseSdJwt(l2);
  const items = selection.itemIds.map((id) => {
    const found = disclosures.find((d) => isPlainObject(d.value) && d.value.id === id && 'title' in d.value);
    if (found === undefined) throw new Error(`The mandate does not disclose the item ${id}`);
    return found.encoded;
  });
  const merchant = selection.merchant === undefined ? [] : [partyDisclosure(disclosures, selection.merchant)];
  return presentation(jws, [mandateDisclosure(disclosures, VCT.checkoutOpen), ...items, ...merchant]);
}

function mandateDisclosure(disclosures: readonly Disclosure[], vct: string): string {
  const found = disclosures.find((d) => isPlainObject(d.value) && d.value.vct === vct);
  if (found === undefined) throw new Error(`The mandate has no ${vct} disclosure`);
  return found.encoded;
}

function partyDisclosure(disclosures: readonly Disclosure[], party: Party): string {
  const found = disclosures.find((d) => isPlainObject(d.value) && 'website' in d.value && sameParty(d.value, party));
  if (found === undefined) throw new Error(`The mandate does not disclose the merchant ${party.name}`);
  return found.encoded;
}
