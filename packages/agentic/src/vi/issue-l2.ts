import type { SigningKey } from '../keys.ts';
import { digestRef } from '../sd-jwt/disclosure.ts';
import { sha256Base64url } from '../sha256.ts';
import { CONSTRAINT, SD_ALG, TYP, VCT } from './constants.ts';
import { paymentReference, sameParty } from './constraints.ts';
import { discloseElement, issuer, signSdJwt, type ArrayDisclosure, type IssuedSdJwt } from './issue.ts';
import type {
  AcceptableItem,
  AgentKey,
  CheckoutConstraint,
  Party,
  PaymentAmount,
  PaymentConstraint,
  PaymentInstrument,
} from './types.ts';

interface MandateEnvelope {
  readonly iss: string;
  /** The agent or verifier the mandate is for. */
  readonly aud: string;
  readonly nonce: string;
  readonly iat: number;
  readonly exp: number;
  /** L1 exactly as the shopper's wallet received it: `sd_hash` binds to these bytes. */
  readonly l1: string;
}

export interface ImmediateMandateInput extends MandateEnvelope {
  /** The merchant-signed checkout the shopper approves. */
  readonly checkoutJwt: string;
  readonly paymentInstrument: PaymentInstrument;
  readonly payee: Party;
  readonly amount: PaymentAmount;
}

/** L2, immediate: the shopper signs the final checkout and payment (credential-format §4.4). */
export const issueImmediateMandate = issuer<ImmediateMandateInput>(async (input, user, salt) => {
  const checkoutHash = await sha256Base64url(input.checkoutJwt);
  const checkout = await discloseElement(
    { vct: VCT.checkout, checkout_jwt: input.checkoutJwt, checkout_hash: checkoutHash },
    salt,
  );
  const payment = await discloseElement(
    {
      vct: VCT.payment,
      payment_instrument: input.paymentInstrument,
      payee: input.payee,
      payment_amount: input.amount,
      transaction_id: checkoutHash,
    },
    salt,
  );
  return signMandate(input, TYP.l2Immediate, { checkout, payment }, [checkout, payment], user);
});

export interface AutonomousMandateInput extends MandateEnvelope {
  readonly agent: AgentKey;
  /** Every merchant the constraints name, each disclosed on its own so the agent can show just one. */
  readonly merchants: readonly Party[];
  /** Every product the line-item constraints name, disclosed one by one likewise. */
  readonly acceptableItems: readonly AcceptableItem[];
  readonly checkout: { readonly constraints: readonly CheckoutConstraint[]; readonly promptSummary?: string };
  readonly payment: {
    readonly paymentInstrument: PaymentInstrument;
    readonly constraints: readonly PaymentConstraint[];
    readonly riskData?: Readonly<Record<string, unknown>>;
  };
}

/** L2, autonomous: the shopper delegates to the agent's key within constraints (credential-format §4.5). */
export const issueAutonomousMandate = issuer<AutonomousMandateInput>(async (input, user, salt) => {
  const merchants = await Promise.all(input.merchants.map((m) => discloseElement(m, salt)));
  const items = await Promise.all(input.acceptableItems.map((i) => discloseElement(i, salt)));
  const merchantRef = refFinder(input.merchants, merchants, sameParty, 'merchant');
  const itemRef = refFinder(input.acceptableItems, items, (a, b) => a.id === b.id, 'item');
  const cnf = { jwk: { ...input.agent.jwk, kid: input.agent.kid } };

  const checkout = await discloseElement(
    {
      vct: VCT.checkoutOpen,
      cnf,
      constraints: input.checkout.constraints.map((c) => withCheckoutRefs(c, merchantRef, itemRef)),
      ...(input.checkout.promptSummary === undefined ? {} : { prompt_summary: input.checkout.promptSummary }),
    },
    salt,
  );
  const payment = await discloseElement(
    {
      vct: VCT.paymentOpen,
      cnf,
      constraints: [
        ...input.payment.constraints.map((c) =>
          c.type === CONSTRAINT.allowedPayees ? { ...c, allowed: c.allowed.map(merchantRef) } : c,
        ),
        paymentReference(checkout.digest),
      ],
      payment_instrument: input.payment.paymentInstrument,
      ...(input.payment.riskData === undefined ? {} : { risk_data: input.payment.riskData }),
    },
    salt,
  );
  const listed = [...merchants, ...items, checkout, payment];
  return signMandate(input, TYP.l2Autonomous, { checkout, payment }, listed, user);
});

async function signMandate(
  input: MandateEnvelope,
  typ: string,
  mandates: { readonly checkout: ArrayDisclosure; readonly payment: ArrayDisclosure },
  listed: readonly ArrayDisclosure[],
  user: SigningKey,
): Promise<IssuedSdJwt> {
  const envelope = {
    nonce: input.nonce,
    aud: input.aud,
    iat: input.iat,
    sd_hash: await sha256Base64url(input.l1),
    delegate_payload: [digestRef(mandates.checkout.digest), digestRef(mandates.payment.digest)],
    _sd_alg: SD_ALG,
  };
  const sd = { _sd: listed.map((d) => d.digest) };
  const lifetime = { iss: input.iss, exp: input.exp };
  // The reference writes `_sd` last in immediate mandates and before iss and exp in autonomous ones.
  const payload = typ === TYP.l2Immediate ? { ...envelope, ...lifetime, ...sd } : { ...envelope, ...sd, ...lifetime };
  const encoded = listed.map((d) => d.encoded);
  return signSdJwt({ alg: 'ES256', typ, kid: user.kid }, payload, encoded, user.privateJwk);
}

function withCheckoutRefs(
  constraint: CheckoutConstraint,
  merchantRef: (party: unknown) => unknown,
  itemRef: (item: unknown) => unknown,
): unknown {
  if (constraint.type === CONSTRAINT.allowedMerchants)
    return { ...constraint, allowed: constraint.allowed.map(merchantRef) };
  return {
    ...constraint,
    items: constraint.items.map((entry) => ({ ...entry, acceptable_items: entry.acceptable_items.map(itemRef) })),
  };
}

/** Replaces an inline merchant or item by the reference to its own disclosure; throws for one not disclosed. */
function refFinder<T>(
  values: readonly T[],
  disclosed: readonly { digest: string }[],
  same: (a: T, b: T) => boolean,
  what: string,
): (value: unknown) => unknown {
  return (value) => {
    const index = values.findIndex((v) => same(v, value as T));
    const digest = disclosed[index]?.digest;
    if (digest === undefined) throw new Error(`A constraint names a ${what} the mandate does not disclose`);
    return digestRef(digest);
  };
}
