import type { JWK } from 'jose';
import type { DigestRef } from '../sd-jwt/disclosure.ts';

/** A merchant as mandates name it: matched by `id` when both sides have one, else by name and website. */
export interface Party {
  readonly id?: string;
  readonly name: string;
  readonly website: string;
}

export interface PaymentInstrument {
  readonly type: string;
  readonly id: string;
  readonly description?: string;
}

/** An amount in integer minor units of an ISO 4217 currency. */
export interface PaymentAmount {
  readonly currency: string;
  readonly amount: number;
}

/** A product the shopper accepts (`acceptable_items`). */
export interface AcceptableItem {
  readonly id: string;
  readonly title: string;
}

/** What a checkout contains, by product id. */
export interface PurchasedItem {
  readonly id: string;
  readonly quantity: number;
}

/** The agent key a shopper delegates to: `cnf` of both autonomous mandates. */
export interface AgentKey {
  readonly jwk: JWK;
  readonly kid: string;
}

export interface AmountRangeConstraint {
  readonly type: 'mandate.payment.amount_range';
  readonly currency: string;
  readonly min?: number;
  readonly max: number;
}

export interface BudgetConstraint {
  readonly type: 'mandate.payment.budget';
  readonly currency: string;
  readonly max: number;
  readonly min?: number;
}

export interface AllowedPayeesConstraint {
  readonly type: 'mandate.payment.allowed_payees';
  readonly allowed: readonly (Party | DigestRef)[];
}

export interface AllowedMerchantsConstraint {
  readonly type: 'mandate.checkout.allowed_merchants';
  readonly allowed: readonly (Party | DigestRef)[];
}

export interface LineItemRequirement {
  readonly id: string;
  /** Empty: any product. */
  readonly acceptable_items: readonly (AcceptableItem | DigestRef)[];
  readonly quantity: number;
}

export interface LineItemsConstraint {
  readonly type: 'mandate.checkout.line_items';
  readonly items: readonly LineItemRequirement[];
  /** `minimum` (default): buy within the requirements; `exact`: cover every requirement. */
  readonly match_mode?: 'minimum' | 'exact';
}

export interface ReferenceConstraint {
  readonly type: 'mandate.payment.reference';
  readonly conditional_transaction_id: string;
}

export type CheckoutConstraint = AllowedMerchantsConstraint | LineItemsConstraint;
export type PaymentConstraint = AmountRangeConstraint | BudgetConstraint | AllowedPayeesConstraint;
