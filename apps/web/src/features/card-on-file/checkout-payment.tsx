import { useEffect, useId, useState } from 'react';
import {
  cartSubtotalCents,
  CURRENCY,
  fromCents,
  promoDiscountCents,
  type CardOnFilePayment,
  type SavedCard,
} from '@c2p/domain';
import { CardLogo } from '../../components/layout/card-logos';
import { Loader } from '../../components/ui/loader';
import { notify } from '../../components/ui/toast';
import { useCheckout } from '../../lib/checkout-store';
import { useTranslation } from '../../lib/i18n';
import { useCart } from '../cart';
import { merchantCardsApi } from './api';
import { CardName } from './saved-cards';
import { useCardSaving } from './saving-store';
import { useSessionGuard, useShopper } from '../account';
import { serverMessage } from '../../lib/api-client';
import './card-on-file.css';

/** The order's total as the payment step computes it: the cart less the promo code (shipping is free). */
function useOrderAmount() {
  const items = useCart((s) => s.items);
  const promoCode = useCheckout((s) => s.promoCode);
  const subtotal = cartSubtotalCents(items);
  const discount = promoCode ? (promoDiscountCents(promoCode, subtotal) ?? 0) : 0;
  return { transactionAmount: fromCents(subtotal - discount), transactionCurrencyCode: CURRENCY };
}

/**
 * The payment step of the card-on-file tool: the signed-in shopper's saved cards first. Choosing
 * one makes our server ask the network for transaction credentials (a network token and a
 * cryptogram for this amount); the review step then shows the payment like any other.
 */
export function SavedCardsPayment({ onPaid }: { onPaid(payment: CardOnFilePayment): void }) {
  const { t } = useTranslation();
  const guard = useSessionGuard();
  const amount = useOrderAmount();
  const status = useShopper((s) => s.status);
  const [cards, setCards] = useState<SavedCard[]>();
  const [paying, setPaying] = useState<string>();
  const titleId = useId();

  useEffect(() => {
    if (status !== 'signed-in') return;
    let live = true;
    merchantCardsApi.list().then(
      (list) => live && setCards(list),
      (error: unknown) => live && !guard(error) && setCards([]),
    );
    return () => {
      live = false;
    };
  }, [status, guard]);

  if (status !== 'signed-in' || !cards || cards.length === 0) return null;

  const pay = async (card: SavedCard) => {
    if (paying) return;
    setPaying(card.id);
    try {
      onPaid(await merchantCardsApi.credentials(card.id, { transactionAmount: amount }));
    } catch (error) {
      if (!guard(error)) void notify('error', serverMessage(error) ?? { key: 'CARD_ON_FILE.API.PAYMENT_ERROR' });
      setPaying(undefined);
    }
  };

  return (
    <section className="cof-saved-payment" aria-labelledby={titleId} data-testid="saved-cards-payment">
      <h2 id={titleId}>{t('CARD_ON_FILE.CHECKOUT.SAVED_TITLE')}</h2>
      <p>{t('CARD_ON_FILE.CHECKOUT.SAVED_TEXT')}</p>
      <ul className="cof-saved-payment__cards">
        {cards.map((card) => (
          <li key={card.id} className="cof-saved-payment__card">
            <CardLogo brand={card.brand} />
            <span>
              <CardName card={card} />
            </span>
            <button
              type="button"
              className="button button--primary"
              disabled={paying !== undefined}
              aria-label={t('POLISH.TITLED', {
                title: t('CARD_ON_FILE.CHECKOUT.USE'),
                name: `${t(`CARD_BRANDS.${card.brand}`)} ${card.lastFour}`,
              })}
              onClick={() => void pay(card)}
            >
              {t('CARD_ON_FILE.CHECKOUT.USE')}
            </button>
          </li>
        ))}
      </ul>
      {paying && <Loader label={t('CARD_ON_FILE.CHECKOUT.PAYING')} />}
      <p className="cof-saved-payment__other">{t('CARD_ON_FILE.CHECKOUT.OTHER')}</p>
    </section>
  );
}

/** "Save this card for future purchases" under the new-card form (signed-in shopper, this tool). */
export function SaveCardOption() {
  const { t } = useTranslation();
  const status = useShopper((s) => s.status);
  const wanted = useCardSaving((s) => s.wanted);
  const setWanted = useCardSaving((s) => s.setWanted);
  const id = useId();
  if (status !== 'signed-in') return <p className="c2p__hint">{t('CARD_ON_FILE.CHECKOUT.SIGN_IN_TO_SAVE')}</p>;
  return (
    <div className="cof-save-new">
      <input id={id} type="checkbox" checked={wanted} onChange={(event) => setWanted(event.target.checked)} />
      <label htmlFor={id}>{t('CARD_ON_FILE.CHECKOUT.SAVE_NEW')}</label>
    </div>
  );
}
