// The shopper's mandate (L2), as the network drafts it for their approval and signs it once they
// approved it (ours: Verifiable Intent leaves open how a passkey binds to the L2 signature). The
// draft is the L2's exact signing input (header.payload) and disclosures; the WebAuthn challenge is
// SHA-256 of that signing input, so the passkey approves these bytes; then, and only then, the
// network signs them with the shopper's key it holds (L1 `cnf`).
import { createPrivateKey, sign } from 'node:crypto';
import {
  allowedMerchants,
  allowedPayees,
  amountRange,
  budget,
  generateEs256KeyPair,
  issueAutonomousMandate,
  issueImmediateMandate,
  lineItems,
  parseSdJwt,
  presentation,
  sha256Base64url,
  type AcceptableItem,
  type IssuedSdJwt,
  type Party,
  type PaymentAmount,
  type PaymentInstrument,
  type SigningKey,
} from '@c2p/agentic';
import type { JWK } from 'jose';
import type { MandateConstraint } from '../../api/agent-pay-api.ts';
import { LATIN_BRAND_NAMES } from '../../ui-kit/brand-names.ts';
import type { CardRow } from '../cards.ts';
import type { AgentRow } from './agents.ts';
import type { MandateRow, TokenRow } from './repository.ts';

/** An immediate mandate lasts 15 minutes (Verifiable Intent's most). */
const IMMEDIATE_LIFETIME_S = 15 * 60;

/** What an immediate mandate request keeps: the merchant's signed checkout and what it says. */
export interface ImmediateRequest {
  checkoutJwt: string;
  checkout: {
    merchant: Party;
    lines: { id: string; title: string; quantity: number; unitAmount: number }[];
    total: PaymentAmount;
    expiresAt: string;
  };
}

/** What an autonomous mandate request keeps: its constraints (the payees completed), its end and summary. */
export interface AutonomousRequest {
  constraints: MandateConstraint[];
  expiresAt: string;
  promptSummary?: string;
}

export interface MandateDraft {
  signingInput: string;
  disclosures: string[];
}

/** The card as the mandate names it (its id is L1's `card_id`). */
export function paymentInstrumentOf(card: CardRow): PaymentInstrument {
  const brand = (LATIN_BRAND_NAMES as Record<string, string>)[card.brand] ?? card.brand;
  return {
    type: `${card.brand}.srcDigitalCard`,
    id: card.srcDigitalCardId,
    description: `${brand} **** ${card.primaryAccountNumber.slice(-4)}`,
  };
}

const uniqueBy = <T>(values: T[], key: (value: T) => string): T[] => [
  ...new Map(values.map((value) => [key(value), value])).values(),
];

/** The autonomous mandate's parts: its merchants and items (each disclosed on its own), and its two sets of constraints. */
function autonomousParts(constraints: MandateConstraint[]) {
  const merchants: Party[] = [];
  const items: AcceptableItem[] = [];
  const checkout = [];
  const payment = [];
  for (const c of constraints) {
    if (c.type === 'mandate.checkout.allowed_merchants') {
      merchants.push(...c.allowed);
      checkout.push(allowedMerchants(c.allowed));
    } else if (c.type === 'mandate.checkout.line_items') {
      items.push(...c.items.flatMap((item) => item.acceptable_items));
      const requirements = c.items.map((item) => ({ ...item, acceptableItems: item.acceptable_items }));
      checkout.push(lineItems(requirements, c.match_mode));
    } else if (c.type === 'mandate.payment.allowed_payees') {
      merchants.push(...c.allowed);
      payment.push(allowedPayees(c.allowed));
    } else if (c.type === 'mandate.payment.amount_range') payment.push(amountRange(c));
    else payment.push(budget(c));
  }
  return {
    merchants: uniqueBy(merchants, (m) => m.id ?? m.website),
    acceptableItems: uniqueBy(items, (i) => i.id),
    checkout,
    payment,
  };
}

/**
 * The L2 the shopper is asked to approve, issued `now` for the token's L1, to the network itself.
 * Issued with a throwaway key: only its header and payload are kept, which the shopper's key signs later.
 */
export async function draftMandate(
  mandate: MandateRow,
  parties: { token: TokenRow; agent: AgentRow; card: CardRow },
  context: { networkUri: string; rpId: string; now: number },
): Promise<MandateDraft> {
  const { token, agent, card } = parties;
  const { networkUri, rpId, now } = context;
  const l1Exp = Number((await parseSdJwt(token.l1)).payload.exp);
  const throwaway: SigningKey = {
    kid: token.userKid,
    privateJwk: (await generateEs256KeyPair(token.userKid)).privateJwk,
  };
  const envelope = { iss: networkUri, aud: networkUri, nonce: mandate.id, iat: now, l1: token.l1 };
  const paymentInstrument = paymentInstrumentOf(card);
  let issued: IssuedSdJwt;
  if (mandate.mode === 'IMMEDIATE') {
    const { checkoutJwt, checkout } = mandate.request as unknown as ImmediateRequest;
    const exp = Math.min(now + IMMEDIATE_LIFETIME_S, l1Exp);
    issued = await issueImmediateMandate(
      { ...envelope, exp, checkoutJwt, paymentInstrument, payee: checkout.merchant, amount: checkout.total },
      throwaway,
    );
  } else {
    const { constraints, expiresAt, promptSummary } = mandate.request as unknown as AutonomousRequest;
    const parts = autonomousParts(constraints);
    issued = await issueAutonomousMandate(
      {
        ...envelope,
        exp: Math.min(Math.floor(Date.parse(expiresAt) / 1000), l1Exp),
        agent: { jwk: agent.credentialJwk as JWK, kid: agent.credentialKid },
        merchants: parts.merchants,
        acceptableItems: parts.acceptableItems,
        checkout: { constraints: parts.checkout, ...(promptSummary ? { promptSummary } : {}) },
        payment: {
          paymentInstrument,
          constraints: parts.payment,
          // Ours: how the shopper approved it. The assertion itself is kept beside the mandate.
          riskData: { approval: 'passkey', rp_id: rpId, challenge: 'SHA-256 of this mandate’s signing input' },
        },
      },
      throwaway,
    );
  }
  const [header, payload] = issued.jws.split('.');
  return { signingInput: `${header}.${payload}`, disclosures: [...issued.disclosures] };
}

/** The WebAuthn challenge that approves the draft: B64U(SHA-256(header.payload)). */
export const approvalChallengeOf = (draft: MandateDraft): Promise<string> => sha256Base64url(draft.signingInput);

/** The approved L2: the draft signed (ES256) with the shopper's key the network holds. */
export function signDraft(draft: MandateDraft, userPrivateJwk: Record<string, unknown>): string {
  const key = createPrivateKey({ key: userPrivateJwk, format: 'jwk' });
  const signature = sign('sha256', Buffer.from(draft.signingInput), { key, dsaEncoding: 'ieee-p1363' });
  return presentation(`${draft.signingInput}.${signature.toString('base64url')}`, draft.disclosures);
}
