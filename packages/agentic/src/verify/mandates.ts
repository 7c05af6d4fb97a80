import { isPlainObject } from '../encoding.ts';
import { refDigest, type Disclosure } from '../sd-jwt/disclosure.ts';
import { VCT } from '../vi/constants.ts';
import type { Checks } from './report.ts';

/** A mandate the L2 presentation discloses: its resolved value and the disclosure that carries it. */
export interface DisclosedMandate {
  readonly value: Record<string, unknown>;
  readonly disclosure: Disclosure;
}

export interface MandatePair {
  readonly mode: 'immediate' | 'autonomous';
  readonly checkout?: DisclosedMandate;
  readonly payment?: DisclosedMandate;
}

const MODE_OF_VCT: Readonly<Record<string, { mode: MandatePair['mode']; kind: 'checkout' | 'payment' }>> = {
  [VCT.checkout]: { mode: 'immediate', kind: 'checkout' },
  [VCT.payment]: { mode: 'immediate', kind: 'payment' },
  [VCT.checkoutOpen]: { mode: 'autonomous', kind: 'checkout' },
  [VCT.paymentOpen]: { mode: 'autonomous', kind: 'payment' },
};

/**
 * The disclosed mandates of `delegate_payload`, and the mode their VCTs imply (credential-format §4.6,
 * §8). We accept one mandate pair per L2: our stories never need more, and an L3 then has one pair to bind to.
 */
export function disclosedMandates(
  checks: Checks,
  payload: Record<string, unknown>,
  resolved: Record<string, unknown>,
  disclosures: readonly Disclosure[],
): MandatePair {
  const refs = payload.delegate_payload;
  const values = resolved.delegate_payload;
  checks.require('L2', 'delegate_payload', Array.isArray(refs) && Array.isArray(values), 'MANDATE_INVALID');
  const found: { vct: string; mandate: DisclosedMandate }[] = [];
  refs.forEach((ref, index) => {
    const disclosure = disclosures.find((d) => d.digest === refDigest(ref));
    const value: unknown = (values as unknown[])[index];
    if (disclosure !== undefined && isPlainObject(value))
      found.push({ vct: String(value.vct), mandate: { value, disclosure } });
  });
  const vcts = found.map((f) => f.vct);
  checks.require('L2', 'mandates_disclosed', found.length > 0, 'MANDATE_INVALID');
  checks.require(
    'L2',
    'mandate_vcts',
    vcts.every((v) => v in MODE_OF_VCT),
    'MANDATE_INVALID',
    {
      compared: { relation: 'one_of', expected: Object.keys(MODE_OF_VCT), actual: vcts },
    },
  );
  const modes = new Set(vcts.map((v) => MODE_OF_VCT[v]?.mode));
  checks.require('L2', 'single_mode', modes.size === 1, 'MANDATE_INVALID', { note: [...modes].join(', ') });
  const kinds = vcts.map((v) => MODE_OF_VCT[v]?.kind);
  checks.require('L2', 'single_pair', new Set(kinds).size === kinds.length, 'MANDATE_INVALID');
  const mandateOf = (kind: 'checkout' | 'payment') => found.find((f) => MODE_OF_VCT[f.vct]?.kind === kind)?.mandate;
  const checkout = mandateOf('checkout');
  const payment = mandateOf('payment');
  return {
    mode: [...modes][0] ?? 'immediate',
    ...(checkout !== undefined && { checkout }),
    ...(payment !== undefined && { payment }),
  };
}
