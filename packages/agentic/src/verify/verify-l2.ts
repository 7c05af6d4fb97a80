import { MAX_LIFETIME_SECONDS, TYP } from '../vi/constants.ts';
import type { AgentKey } from '../vi/types.ts';
import { readLayer, requireLifetime, requireRecipient, requireSignedOver, type Clock } from './layer.ts';
import { requireAutonomousMandates, requireImmediatePair } from './mandate-rules.ts';
import { disclosedMandates, type MandatePair } from './mandates.ts';
import type { Checks } from './report.ts';
import type { VerifiedCard } from './verify-l1.ts';

export interface MandateExpectations {
  /** The L2 `aud` the verifier requires (the agent, or the verifier itself); unchecked when absent. */
  readonly l2Audience?: string;
  readonly l2Nonce?: string;
}

export interface VerifiedMandate extends MandatePair {
  readonly serialized: string;
  readonly jws: string;
  readonly exp: number;
  /** The delegated agent key (autonomous mode). */
  readonly agent?: AgentKey;
}

/** L2 (credential-format §4.7): the shopper's signature, the binding to L1, lifetime, and the mandates. */
export async function verifyMandateLayer(
  checks: Checks,
  serialized: string,
  card: VerifiedCard,
  options: MandateExpectations & Clock,
): Promise<VerifiedMandate> {
  const read = await readLayer(checks, 'L2', serialized, [TYP.l2Immediate, TYP.l2Autonomous]);
  const { payload, header } = read.sdJwt;
  await requireSignedOver(checks, 'L2', read, card.userJwk, card.serialized);
  const pair = disclosedMandates(checks, payload, read.claims, read.sdJwt.disclosures);
  const autonomous = pair.mode === 'autonomous';
  checks.equal('L2', 'typ_for_mode', autonomous ? TYP.l2Autonomous : TYP.l2Immediate, header.typ, 'WRONG_TYPE');
  const maxLifetime = autonomous ? MAX_LIFETIME_SECONDS.l2Autonomous : MAX_LIFETIME_SECONDS.l2Immediate;
  const { exp } = requireLifetime(checks, 'L2', payload, options, maxLifetime, 'MANDATE_EXPIRED');
  checks.require('L2', 'within_l1', exp <= card.exp, 'LIFETIME_TOO_LONG', {
    compared: { relation: 'at_most', expected: card.exp, actual: exp },
  });
  requireRecipient(checks, 'L2', payload, { audience: options.l2Audience, nonce: options.l2Nonce });

  let agent: AgentKey | undefined;
  if (autonomous) agent = requireAutonomousMandates(checks, pair);
  else await requireImmediatePair(checks, pair);
  const instrument = pair.payment?.value.payment_instrument as { id?: unknown } | undefined;
  if (card.cardId === undefined || instrument === undefined) checks.skip('L2', 'card_id', 'not_disclosed');
  else checks.equal('L2', 'card_id', card.cardId, instrument.id, 'TOKEN_MISMATCH');
  return { ...pair, serialized, jws: read.sdJwt.jws, exp, ...(agent !== undefined && { agent }) };
}
