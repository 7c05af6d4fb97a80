import type { ReactNode } from 'react';
import type { ClickToPayClient } from '../../lib/click-to-pay/client';
import type { MaskedCard } from '../../lib/click-to-pay/types';

/** What the Click to Pay payment hands a variant's own step. */
export interface PaymentExtensionContext {
  client: ClickToPayClient;
  /** The card the shopper chose (inline); none in the hosted form. */
  card: MaskedCard | undefined;
  /** The last network window ended without a payment (CANCEL): the step shows again. */
  cancelled: boolean;
  busy: boolean;
  /** checkoutWithInstallments in the network's window, opened in this click. */
  checkout(params: Record<string, unknown>): void;
  /** Back to the card list (or the email). */
  back(): void;
}

/** A variant of the Click to Pay payment (installments): its step after the card, or the whole flow (hosted). */
export interface PaymentExtension {
  /** The network's hosted form: the step shows once the SDK is ready, before any card. */
  hosted: boolean;
  render(context: PaymentExtensionContext): ReactNode;
}
