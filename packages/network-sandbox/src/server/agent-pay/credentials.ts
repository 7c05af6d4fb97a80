// Credential release (ours, on Verifiable Intent's rules, credential-format §5.7): the agent presents
// the chain; the network checks it, that the token, the card credential, the mandate and the card
// are one another's, and the spend (one purchase per mandate, within its range and budget, no
// credential twice, kept in the database); then it answers the agentic token and a cryptogram,
// encrypted to the payee DPA's key as a Click to Pay payload.
import {
  decideSpend,
  verifyMandate,
  verifyPaymentCredential,
  type AgenticErrorCode,
  type Comparison,
  type Party,
  type PaymentAmount,
  type SpendRule,
  type VerificationReport,
} from '@c2p/agentic';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { JWK } from 'jose';
import { mounted, networkApi } from '../../api/network-api.ts';
import { encryptToMerchant } from '../keys.ts';
import { payloadEncryption, type NetworkContext } from '../network-api/context.ts';
import { cryptogramPayload } from '../network-api/payload.ts';
import { findCard, findDpa } from '../network-api/repository.ts';
import { newCorrelationId } from '../util.ts';
import { findAgent } from './agents.ts';
import { issuerKeyLookup, networkUri } from './issuer.ts';
import { agentsToken, payeeProblem, signingAgentOf } from './mandate-requests.ts';
import { AgenticRefusal, type NetworkCheck } from './refusals.ts';
import { findMandateByDigest, recordSpend } from './repository.ts';

/** How long the cryptogram is good for. */
const CRYPTOGRAM_TTL_MS = 15 * 60 * 1000;

/** What a verified chain asks the network to pay, and the rule its mandate spends by. */
interface Purchase {
  mandateDigest: string;
  credentialId: string;
  amount: PaymentAmount;
  payee: Party;
  rule: SpendRule;
}

/** The checks that ran, in order: the credentials' (the verifier's report), then the network's records. */
class CheckList {
  readonly list: NetworkCheck[] = [];

  pass(name: string, compared?: Comparison): void {
    this.list.push({ layer: 'network', name, outcome: 'pass', ...(compared && { compared }) });
  }

  fail(name: string, code: AgenticErrorCode, detail: { compared?: Comparison; message?: string } = {}): never {
    const { compared, message } = detail;
    this.list.push({ layer: 'network', name, outcome: 'fail', code, ...(compared && { compared }) });
    throw new AgenticRefusal(code, { checks: this.list, ...(message && { message }) });
  }

  require(name: string, ok: boolean, code: AgenticErrorCode, detail: { compared?: Comparison; message?: string } = {}) {
    if (ok) this.pass(name, detail.compared);
    else this.fail(name, code, detail);
  }

  report<Facts>(report: VerificationReport<Facts>): Facts {
    this.list.push(...report.checks);
    if (!report.facts)
      throw new AgenticRefusal(report.error!.code, { message: report.error!.message, checks: this.list });
    return report.facts;
  }
}

/** An amount in minor units as the payload writes it: a decimal string in the currency's units. */
function decimalAmount({ amount, currency }: PaymentAmount): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (amount / 10 ** digits).toFixed(digits);
}

export function credentialRoutes(app: FastifyInstance, { db, keys, origins }: NetworkContext): void {
  const route = mounted(networkApi.releaseCredentials);
  app.withTypeProvider<ZodTypeProvider>().post(route.url, { schema: route.schema }, async (request) => {
    const signer = signingAgentOf(request);
    const { agenticTokenId, l1, l2, l3a } = request.body;
    const checks: CheckList = new CheckList();
    const token = await agentsToken(db, agenticTokenId, signer);
    checks.pass('token', { relation: 'equals', expected: 'ACTIVE', actual: token.status });
    checks.require('token_l1', l1 === token.l1, 'TOKEN_MISMATCH', {
      message: 'The card credential (L1) is not the one issued with this token.',
    });
    const chain = { issuerKey: issuerKeyLookup(keys.agenticIssuer, origins), l2Audience: networkUri(origins) };
    const options = { ...chain, paymentInstrumentId: token.srcDigitalCardId };
    let purchase: Purchase;
    if (l3a === undefined) {
      const facts = checks.report(await verifyMandate({ l1, l2 }, options));
      checks.require('immediate', facts.mode === 'immediate', 'MANDATE_INVALID', {
        message: 'An open mandate pays with the agent’s L3a.',
      });
      const amount = facts.payment!.payment_amount as PaymentAmount;
      // The shopper approved this one payment: the mandate is its own credential, used once.
      const rule = { maxPurchases: 1, currency: amount.currency, perPurchaseMax: amount.amount };
      const payee = facts.payment!.payee as Party;
      purchase = { mandateDigest: facts.mandateId, credentialId: facts.mandateId, amount, payee, rule };
    } else {
      const facts = checks.report(
        await verifyPaymentCredential({ l1, l2, l3a }, { ...options, audience: chain.l2Audience }),
      );
      const agent = await findAgent(db, signer.agentId);
      checks.require('agent_key', facts.agent.kid === agent?.credentialKid, 'AGENT_KEY_MISMATCH', {
        compared: { relation: 'equals', expected: agent?.credentialKid, actual: facts.agent.kid },
      });
      purchase = {
        mandateDigest: facts.mandateId,
        credentialId: facts.credentialId,
        amount: facts.paymentAmount,
        payee: facts.payee,
        rule: facts.spendRule,
      };
    }
    const mandate = await findMandateByDigest(db, purchase.mandateDigest);
    if (mandate?.status !== 'APPROVED') {
      checks.fail('mandate', 'MANDATE_INVALID', { message: 'The shopper approved no such mandate at this network.' });
    }
    checks.require('mandate_token', mandate.agenticTokenId === token.id, 'TOKEN_MISMATCH', {
      compared: { relation: 'equals', expected: token.id, actual: mandate.agenticTokenId },
      message: 'The mandate was approved for another agentic token.',
    });
    const payeeRefusal = await payeeProblem(db, purchase.payee);
    if (payeeRefusal) checks.fail('payee', 'MERCHANT_NOT_ALLOWED', { message: payeeRefusal });
    checks.pass('payee');
    const srcCorrelationId = newCorrelationId();
    const attempt = { credentialId: purchase.credentialId, ...purchase.amount };
    const decision = await recordSpend(db, mandate.id, (history) => decideSpend(purchase.rule, history, attempt), {
      ...attempt,
      srcCorrelationId,
    });
    const spent = { relation: 'at_most' as const, expected: decision.remaining, actual: attempt.amount };
    if (!decision.accepted) checks.fail('spend', decision.code, { compared: spent });
    checks.pass('spend', spent);
    const [card, dpa] = await Promise.all([findCard(db, token.srcDigitalCardId), findDpa(db, purchase.payee.id!)]);
    const expiresAt = new Date(Date.now() + CRYPTOGRAM_TTL_MS);
    const amount = { amount: decimalAmount(purchase.amount), currency: purchase.amount.currency };
    const { payload } = cryptogramPayload(card!, token.networkToken, amount, expiresAt);
    return {
      encryptedPayload: await encryptToMerchant(payload, dpa!.publicJwk as JWK, payloadEncryption(request)),
      srcCorrelationId,
      mandateRequestId: mandate.id,
      amount: purchase.amount,
      spend: {
        spentBefore: decision.spentBefore,
        spentAfter: decision.spentAfter,
        ...(decision.remaining !== undefined && { remaining: decision.remaining }),
      },
      checks: checks.list,
    };
  });
}
