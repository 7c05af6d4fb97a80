import { isPlainObject } from '../encoding.ts';
import { sha256Base64url } from '../sha256.ts';
import { MAX_LIFETIME_SECONDS, TYP } from '../vi/constants.ts';
import { readLayer, requireLifetime, requireRecipient, requireSignedOver, type Clock } from './layer.ts';
import type { Checks } from './report.ts';
import type { VerifiedMandate } from './verify-l2.ts';

export interface AgentCredentialExpectations {
  /** This verifier's own URI: L3a names the network, L3b the merchant. */
  readonly audience: string;
  readonly nonce?: string;
}

export interface VerifiedAgentCredential {
  /** B64U(SHA-256(serialized)): the credential's identity for one-use and replay records. */
  readonly credentialId: string;
  /** The final mandate the credential discloses (`mandate.payment.1` or `mandate.checkout.1`). */
  readonly mandate: Record<string, unknown>;
}

/** L3a or L3b (credential-format §5.7), signed by the agent key the L2 presentation delegates to. */
export async function verifyAgentLayer(
  checks: Checks,
  layer: 'L3a' | 'L3b',
  serialized: string,
  mandate: VerifiedMandate,
  options: AgentCredentialExpectations & Clock & { finalVct: string },
): Promise<VerifiedAgentCredential> {
  const read = await readLayer(checks, layer, serialized, TYP.l3);
  const { header, payload } = read.sdJwt;
  const agent = mandate.agent;
  checks.require(layer, 'delegated', agent !== undefined, 'MANDATE_INVALID', { note: 'L2 delegates to no agent key' });
  checks.equal(layer, 'kid', agent.kid, header.kid, 'AGENT_KEY_MISMATCH');
  checks.require(layer, 'no_header_jwk', !('jwk' in header), 'AGENT_KEY_MISMATCH');
  await requireSignedOver(checks, layer, read, agent.jwk, mandate.serialized);
  checks.require(layer, 'no_cnf', !('cnf' in payload), 'MANDATE_INVALID');
  requireLifetime(checks, layer, payload, options, MAX_LIFETIME_SECONDS.l3, 'CREDENTIAL_EXPIRED');
  requireRecipient(checks, layer, payload, options);
  const delegated = Array.isArray(read.claims.delegate_payload) ? read.claims.delegate_payload : [];
  const finals = delegated.filter((d) => isPlainObject(d) && d.vct === options.finalVct);
  checks.require(layer, 'final_mandate', finals.length === 1, 'MANDATE_INVALID', { note: options.finalVct });
  const final = finals[0] as Record<string, unknown>;
  checks.require(layer, 'final_values', !('cnf' in final) && !('constraints' in final), 'MANDATE_INVALID');
  return { credentialId: await sha256Base64url(serialized), mandate: final };
}
