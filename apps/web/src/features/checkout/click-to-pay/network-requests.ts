import type { CommonSettings, GetPayloadRequest, Shipping, TransactionAmount } from '@c2p/domain';
import type { CheckoutResponse } from '../../../lib/click-to-pay/types';
import type { EnteredCard } from '../card-form';

/** The consumer a new card is enrolled for (reference section 5), in the SDK's shape. */
export interface NetworkConsumer {
  emailAddress?: string;
  mobileNumber?: { countryCode: string; phoneNumber: string };
  firstName?: string;
  lastName?: string;
}

/**
 * The consumer checkoutWithNewCard enrols: the email the shopper typed for the lookup (or the
 * shipping contact's), the shipping contact's mobile number in digits, and the name shipped to.
 */
export function consumerFromShipping(shipping: Shipping | undefined, email: string): NetworkConsumer {
  const contact = shipping?.contact;
  const address = email.trim();
  return {
    ...(address ? { emailAddress: address } : {}),
    ...(contact?.type === 'phone'
      ? {
          mobileNumber: {
            countryCode: contact.phoneCountryCode.replace('+', ''),
            phoneNumber: contact.phoneNumber.replace(/\D/g, ''),
          },
        }
      : {}),
    ...(shipping ? { firstName: shipping.address.firstName, lastName: shipping.address.lastName } : {}),
  };
}

/** encryptCard's request: the card as typed (MM/YY split) and, when known, the cardholder shipped to. */
export function encryptCardRequest(card: EnteredCard, shipping: Shipping | undefined): Record<string, string> {
  const [month = '', year = ''] = card.expiry.split('/');
  return {
    primaryAccountNumber: card.number,
    panExpirationMonth: month,
    panExpirationYear: year,
    cardSecurityCode: card.securityCode,
    ...(shipping
      ? { cardholderFirstName: shipping.address.firstName, cardholderLastName: shipping.address.lastName }
      : {}),
  };
}

/**
 * What our server needs to fetch the payload of a COMPLETE checkout: the correlation id and the
 * two headers the network answered; undefined when the answer lacks one of them.
 */
export function payloadRequest(
  result: CheckoutResponse,
  srcDpaId: string,
  transactionAmount: TransactionAmount,
): GetPayloadRequest | undefined {
  const srcCorrelationId = result.checkoutResponseData?.srcCorrelationId;
  const merchantTransactionId = result.headers?.['merchant-transaction-id'];
  const flowId = result.headers?.['x-src-cx-flow-id'];
  if (!srcCorrelationId || !merchantTransactionId || !flowId) return undefined;
  return { srcDpaId, srcCorrelationId, merchantTransactionId, flowId, transactionAmount };
}

/**
 * A checkout's own dpaTransactionOptions: the order's amount, and with "Request an authenticated
 * payment" on, the authenticated payload (the shopper then confirms in the network's window).
 */
export function checkoutTransactionOptions(
  transactionAmount: TransactionAmount,
  settings: Pick<CommonSettings, 'requestAuthenticatedPayment'>,
): Record<string, unknown> {
  return {
    transactionAmount,
    ...(settings.requestAuthenticatedPayment
      ? { authenticationPreferences: { payloadRequested: 'AUTHENTICATED' } }
      : {}),
  };
}
