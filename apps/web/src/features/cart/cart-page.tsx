import { useTranslation } from '../../lib/i18n';
import { Link, useNavigate } from 'react-router';
import { Redirect } from '../../components/ui/redirect';
import { cartItemCount, cartSubtotalCents, MAX_ITEM_COUNT, toCents, type CartItem } from '@c2p/domain';
import { Breadcrumbs } from '../../components/layout/breadcrumbs';
import { Price } from '../../components/ui/price';
import { openSignIn, useShopper } from '../account';
import { useProductName, useProducts } from '../products';
import { useCheckout } from '../../lib/checkout-store';
import { useCart } from './cart-store';
import { OrderSummary } from './order-summary';
import { PromoCodeForm } from './promo-code-form';

/** Checkout with an intent (pay now or in installments): a signed-in shopper goes straight on. */
function useCheckOut() {
  const navigate = useNavigate();
  const setIntent = useCheckout((s) => s.setIntent);
  const signedIn = useShopper((s) => Boolean(s.user));
  return (intent: 'pay' | 'installments') => {
    setIntent(intent);
    // Guests choose at the sign-in panel between signing in and guest checkout (spec section 2).
    if (signedIn) navigate('/checkout');
    else openSignIn({ atCheckout: true, redirect: '/checkout' });
  };
}

export function CartPage() {
  const { t } = useTranslation();
  const items = useCart((s) => s.items);
  const promoCode = useCheckout((s) => s.promoCode);
  const checkOut = useCheckOut();
  const count = cartItemCount(items);

  if (items.length === 0) return <Redirect to="/cart/empty" />;

  return (
    <main id="main" tabIndex={-1} className="main">
      <Breadcrumbs
        items={[{ label: t('SHOP.BREADCRUMBS.ALL_PRODUCTS'), to: '/products' }, { label: t('SHOP.CART.TITLE') }]}
      />
      <h1 className="page-title">{t('SHOP.CART.TITLE')}</h1>
      <p className="cart__count">{t('SHOP.CART.ITEM_COUNT', { count })}</p>
      <div className="cart">
        <ul className="cart__items">
          {items.map((item) => (
            <CartLine key={item.id} item={item} />
          ))}
        </ul>
        <aside className="cart__summary" aria-labelledby="summary-title">
          <h2 id="summary-title">{t('SHOP.SUMMARY.TITLE')}</h2>
          <OrderSummary subtotalCents={cartSubtotalCents(items)} promoCode={promoCode} />
          <PromoCodeForm />
          <div className="cart__actions">
            <button type="button" className="button button--primary" onClick={() => checkOut('pay')}>
              {t('SHOP.CART.CHECK_OUT')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => checkOut('installments')}>
              {t('SHOP.CART.PAY_IN_INSTALLMENTS')}
            </button>
            <Link to="/products">{t('SHOP.CART.CONTINUE_SHOPPING')}</Link>
          </div>
        </aside>
      </div>
    </main>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const { remove, add, setCount } = useCart.getState();
  const inputId = `quantity-${item.id}`;
  const name = useProductName(item.id, item.name);
  return (
    <li className="cart-line">
      <img src={item.image} alt="" width="96" height="96" />
      <div className="cart-line__info">
        <Link to={`/products/${item.id}`} className="cart-line__name">
          {name}
        </Link>
        <Price cents={toCents(item.price)} />
      </div>
      <div className="cart-line__quantity" role="group" aria-label={t('SHOP.CART.QUANTITY_OF', { name: name })}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('SHOP.CART.DECREASE', { name: name })}
          disabled={item.count <= 1}
          onClick={() => remove(item.id)}
        >
          −
        </button>
        <label htmlFor={inputId} className="visually-hidden">
          {t('SHOP.PRODUCT.QUANTITY')}
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_ITEM_COUNT}
          value={item.count}
          onChange={(event) => setCount(item.id, Number(event.target.value))}
        />
        <button
          type="button"
          className="icon-button"
          aria-label={t('SHOP.CART.INCREASE', { name: name })}
          disabled={item.count >= MAX_ITEM_COUNT}
          onClick={() => add(item)}
        >
          +
        </button>
      </div>
      <Price cents={toCents(item.price) * item.count} className="cart-line__total" />
      <button
        type="button"
        className="button button--link"
        aria-label={t('SHOP.CART.DELETE', { name: name })}
        onClick={() => useCart.getState().delete(item.id)}
      >
        {t('SHOP.CART.REMOVE')}
      </button>
    </li>
  );
}

export function EmptyCartPage() {
  const { t } = useTranslation();
  const items = useCart((s) => s.items);
  const { products } = useProducts();
  if (items.length > 0) return <Redirect to="/cart" />;
  return (
    <main id="main" tabIndex={-1} className="main">
      <Breadcrumbs
        items={[{ label: t('SHOP.BREADCRUMBS.ALL_PRODUCTS'), to: '/products' }, { label: t('SHOP.CART.TITLE') }]}
      />
      <h1 className="page-title">{t('SHOP.CART.EMPTY_TITLE')}</h1>
      <p>{t('SHOP.CART.ITEM_COUNT', { count: 0 })}</p>
      <div className="cart__empty-actions">
        <Link to="/products" className="button button--primary">
          {t('HOME.SHOP_NOW')}
        </Link>
        {/* Spec section 4: the demo load action puts two products in, to reach checkout at once. */}
        <button
          type="button"
          className="button button--secondary"
          disabled={products.length < 2}
          onClick={() => useCart.getState().loadDemo(products)}
        >
          {t('SHOP.CART.LOAD_DEMO')}
        </button>
      </div>
    </main>
  );
}
