import type { SigningKey } from '../keys.ts';
import { digestRef } from '../sd-jwt/disclosure.ts';
import { sha256Base64url } from '../sha256.ts';
import { SD_ALG, TYP, VCT } from './constants.ts';
import { discloseElement, issuer, signSdJwt, type ArrayDisclosure, type IssuedSdJwt } from './issue.ts';
import type { Party, PaymentAmount, PaymentInstrument, PurchasedItem } from './types.ts';

interface AgentCredentialEnvelope {
  readonly iss?: string;
  /** The network (L3a) or the merchant (L3b). */
  readonly aud: string;
  readonly nonce: string;
  readonly iat: number;
  readonly exp: number;
  /** The L2 presentation the recipient receives with this credential: `sd_hash` binds to it. */
  readonly l2Presentation: string;
}

export interface PaymentCredentialInput extends AgentCredentialEnvelope {
  /** The checkout hash of the checkout this pays for (L3b's `checkout_hash`). */
  readonly transactionId: string;
  readonly payee: Party;
  readonly paymentAmount: PaymentAmount;
  readonly paymentInstrument: PaymentInstrument;
  /** The merchant chosen from the mandate's allowed merchants, disclosed beside the payment. */
  readonly selectedMerchant?: Party;
}

/** L3a: the agent's final payment values for the network (credential-format §5.6). */
export const issuePaymentCredential = issuer<PaymentCredentialInput>(async (input, agent, salt) => {
  const merchant = input.selectedMerchant === undefined ? [] : [await discloseElement(input.selectedMerchant, salt)];
  const payment = await discloseElement(
    {
      vct: VCT.payment,
      transaction_id: input.transactionId,
      payee: input.payee,
      payment_amount: input.paymentAmount,
      payment_instrument: input.paymentInstrument,
    },
    salt,
  );
  return signAgentCredential(input, [...merchant, payment], agent);
});

export interface CheckoutCredentialInput extends AgentCredentialEnvelope {
  /** The merchant-signed checkout the agent completes. */
  readonly checkoutJwt: string;
  readonly lineItems?: readonly PurchasedItem[];
}

/** L3b: the agent's final checkout for the merchant (credential-format §5.5). */
export const issueCheckoutCredential = issuer<CheckoutCredentialInput>(async (input, agent, salt) => {
  const checkout = await discloseElement(
    {
      vct: VCT.checkout,
      checkout_jwt: input.checkoutJwt,
      checkout_hash: await sha256Base64url(input.checkoutJwt),
      ...(input.lineItems === undefined ? {} : { line_items: input.lineItems }),
    },
    salt,
  );
  return signAgentCredential(input, [checkout], agent);
});

async function signAgentCredential(
  input: AgentCredentialEnvelope,
  disclosed: readonly ArrayDisclosure[],
  agent: SigningKey,
): Promise<IssuedSdJwt> {
  const payload = {
    nonce: input.nonce,
    aud: input.aud,
    sd_hash: await sha256Base64url(input.l2Presentation),
    iat: input.iat,
    delegate_payload: disclosed.map((d) => digestRef(d.digest)),
    _sd_alg: SD_ALG,
    ...(input.iss === undefined ? {} : { iss: input.iss }),
    exp: input.exp,
  };
  const header = { alg: 'ES256', typ: TYP.l3, kid: agent.kid } as const;
  return signSdJwt(
    header,
    payload,
    disclosed.map((d) => d.encoded),
    agent.privateJwk,
  );
}
