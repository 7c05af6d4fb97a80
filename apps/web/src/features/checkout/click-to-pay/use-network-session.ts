import { useEffect, useMemo, useState, type Dispatch } from 'react';
import {
  cartSubtotalCents,
  CURRENCY,
  fromCents,
  orderTotals,
  type CommonSettings,
  type MerchantCheckoutConfiguration,
  type TransactionAmount,
} from '@c2p/domain';
import { useTranslation } from '../../../lib/i18n';
import { useCheckout } from '../../../lib/checkout-store';
import { clickToPaySession, type ClickToPayClient } from '../../../lib/click-to-pay/client';
import { sdkErrorMessage } from '../../../lib/click-to-pay/errors';
import { loadUiKit, ScriptLoadTimeout } from '../../../lib/click-to-pay/sdk-loader';
import { isSdkError, type MaskedCard } from '../../../lib/click-to-pay/types';
import { liveCheckoutConfiguration } from '../../configuration';
import { useCart } from '../../cart';
import type { FlowEvent } from './flow';

/**
 * The configuration the network is told from init on: the order's total (the cart less the promo
 * code; shipping is free) in the shop's currency. The server refuses an order of another amount.
 */
export function useOrderConfiguration(): {
  config: MerchantCheckoutConfiguration;
  transactionAmount: TransactionAmount;
} {
  const [configured] = useState<MerchantCheckoutConfiguration>(liveCheckoutConfiguration);
  const promoCode = useCheckout((s) => s.promoCode);
  const items = useCart((s) => s.items);
  const total = fromCents(orderTotals(cartSubtotalCents(items), promoCode).totalCents);
  const transactionAmount = useMemo(() => ({ transactionAmount: total, transactionCurrencyCode: CURRENCY }), [total]);
  const config = useMemo<MerchantCheckoutConfiguration>(
    () => ({ ...configured, dpaTransactionOptions: { ...configured.dpaTransactionOptions, transactionAmount } }),
    [configured, transactionAmount],
  );
  return { config, transactionAmount };
}

/**
 * The SDK initialised and the UI kit loaded side by side, the shopper's cards asked for once init is done: the flow hears
 * `ready` or, with one message and Retry, `unavailable`. Each new `attempt` loads it again.
 */
export function useNetworkSession({
  config,
  settings,
  hosted,
  attempt,
  dispatch,
}: {
  config: MerchantCheckoutConfiguration;
  settings: CommonSettings;
  hosted: boolean;
  attempt: number;
  dispatch: Dispatch<FlowEvent>;
}): ClickToPayClient | undefined {
  const { t } = useTranslation();
  const [client, setClient] = useState<ClickToPayClient>();
  useEffect(() => {
    let live = true;
    const session = clickToPaySession({ config, settings });
    // The UI kit loads while the SDK loads and inits, and getCards runs while it finishes: one after
    // the other they added their times to the wait for the card list.
    const uiKit = loadUiKit(config.srciEnv.uiKitJs, config.srciEnv.uiKitCss);
    uiKit.catch(() => undefined); // answered below, with the session's failure if that comes first
    session.ready
      .then(async (ready) => {
        const [cards = []] = await Promise.all([ready.call<MaskedCard[]>('getCards'), uiKit]);
        if (!live) return;
        setClient(ready);
        dispatch({ type: 'ready', cards, hosted });
      })
      .catch((error: unknown) => {
        if (!live) return;
        const message =
          error instanceof ScriptLoadTimeout || !isSdkError(error)
            ? t('APP_DEFAULT_ERROR_MESSAGE')
            : sdkErrorMessage('init', error);
        // One message, on the step, with a way forward (issue 18 item 5); the API log has the call.
        dispatch({ type: 'unavailable', message, retry: () => dispatch({ type: 'retry-load' }) });
      });
    return () => {
      live = false;
    };
  }, [config, settings, t, attempt, hosted, dispatch]); // `attempt`: Retry runs it again
  return client;
}
