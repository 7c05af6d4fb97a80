import { describe, expect, it } from 'vitest';
import type { Shipping } from '@c2p/domain';
import type { CheckoutResponse } from '../../../lib/click-to-pay/types';
import {
  checkoutTransactionOptions,
  consumerFromShipping,
  encryptCardRequest,
  payloadRequest,
} from './network-requests';

const address = { firstName: 'Ada', lastName: 'Lovelace' } as Shipping['address'];
const byEmail = {
  address,
  saveAsBillingAddress: true,
  contact: { type: 'email', email: 'ada@example.com' },
} as Shipping;
const byPhone = {
  address,
  saveAsBillingAddress: true,
  contact: { type: 'phone', phoneCountryCode: '+44', phoneNumber: '7700 900-123' },
} as Shipping;
const AMOUNT = { transactionAmount: 80, transactionCurrencyCode: 'USD' };

describe('the consumer a new card is enrolled for', () => {
  it('is the typed email (trimmed) and the name shipped to', () => {
    expect(consumerFromShipping(byEmail, ' new.user@example.com ')).toEqual({
      emailAddress: 'new.user@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('carries a phone contact as digits, the country code without its plus', () => {
    expect(consumerFromShipping(byPhone, '')).toEqual({
      mobileNumber: { countryCode: '44', phoneNumber: '7700900123' },
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('is empty without shipping details or an email', () => {
    expect(consumerFromShipping(undefined, '  ')).toEqual({});
  });
});

describe("encryptCard's request", () => {
  const card = { number: '5120350100064537', expiry: '12/30', securityCode: '123', brand: 'mastercard' } as const;

  it('splits the expiry and names the cardholder shipped to', () => {
    expect(encryptCardRequest(card, byEmail)).toEqual({
      primaryAccountNumber: '5120350100064537',
      panExpirationMonth: '12',
      panExpirationYear: '30',
      cardSecurityCode: '123',
      cardholderFirstName: 'Ada',
      cardholderLastName: 'Lovelace',
    });
  });

  it('leaves the cardholder out when nothing was shipped yet', () => {
    expect(encryptCardRequest(card, undefined)).not.toHaveProperty('cardholderFirstName');
  });
});

describe('the payload request of a COMPLETE checkout', () => {
  const complete: CheckoutResponse = {
    checkoutActionCode: 'COMPLETE',
    checkoutResponseData: { srcCorrelationId: 'correlation-1' },
    headers: { 'merchant-transaction-id': 'merchant-tx-1', 'x-src-cx-flow-id': 'flow-1' },
  };

  it('takes the correlation id and the two headers the network answered', () => {
    expect(payloadRequest(complete, 'dpa-1', AMOUNT)).toEqual({
      srcDpaId: 'dpa-1',
      srcCorrelationId: 'correlation-1',
      merchantTransactionId: 'merchant-tx-1',
      flowId: 'flow-1',
      transactionAmount: AMOUNT,
    });
  });

  it('is none when the answer lacks one of them', () => {
    expect(payloadRequest({ ...complete, checkoutResponseData: undefined }, 'dpa-1', AMOUNT)).toBeUndefined();
    expect(payloadRequest({ ...complete, headers: { 'x-src-cx-flow-id': 'flow-1' } }, 'dpa-1', AMOUNT)).toBeUndefined();
    expect(
      payloadRequest({ ...complete, headers: { 'merchant-transaction-id': 'merchant-tx-1' } }, 'dpa-1', AMOUNT),
    ).toBeUndefined();
  });
});

describe("a checkout's transaction options", () => {
  it('ask for an authenticated payload only when "Request an authenticated payment" is on', () => {
    expect(checkoutTransactionOptions(AMOUNT, { requestAuthenticatedPayment: false })).toEqual({
      transactionAmount: AMOUNT,
    });
    expect(checkoutTransactionOptions(AMOUNT, { requestAuthenticatedPayment: true })).toEqual({
      transactionAmount: AMOUNT,
      authenticationPreferences: { payloadRequested: 'AUTHENTICATED' },
    });
  });
});
