import '../../styles/shop.css';
import { useTranslation } from '../../lib/i18n';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { cartItemCount, formatNumber, isMockTool } from '@c2p/domain';
import { activeTool } from '../../lib/active-tool';
import logoUrl from '../../assets/logo.svg';
import { AccountMenu, SignInPanelHost } from '../account';
import { ApiLogButton } from '../api-log';
import { useCart } from '../cart';
import { TourChrome } from '../guided-tour';

/** The default store layout: its secondary nav sits under the top bar on every shop page. */
export function StoreLayout() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const count = useCart((s) => cartItemCount(s.items));
  // Spec section 2: the cart button is disabled on the saved-cards page.
  const cartDisabled = pathname.startsWith('/card-on-file/saved-cards');
  const cartLabel = t('STORE_NAV.CART_COUNT', { count });
  const badge = (
    <>
      <CartIcon />
      <span className="cart-button__badge" aria-hidden="true" data-testid="cart-count">
        {formatNumber(count, i18n.language)}
      </span>
    </>
  );

  return (
    <>
      <nav className="store-nav" aria-label={t('STORE_NAV.LABEL')}>
        <ul className="store-nav__menu">
          <li>
            <NavLink to="/products">{t('STORE_NAV.ALL_PRODUCTS')}</NavLink>
          </li>
        </ul>
        <Link to="/home" className="store-nav__logo" aria-label={t('APP.HOME_LINK')}>
          <img src={logoUrl} alt="" width="40" height="24" />
        </Link>
        <div className="store-nav__actions">
          <ApiLogButton />
          <AccountMenu />
          {cartDisabled ? (
            <span className="cart-button cart-button--disabled" role="link" aria-disabled="true" aria-label={cartLabel}>
              {badge}
            </span>
          ) : (
            <Link to={count > 0 ? '/cart' : '/cart/empty'} className="cart-button" aria-label={cartLabel}>
              {badge}
            </Link>
          )}
        </div>
      </nav>
      {isMockTool(activeTool()) && (
        <Suspense fallback={null}>
          <TourChrome />
        </Suspense>
      )}
      <Outlet />
      <SignInPanelHost />
    </>
  );
}

function CartIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM3 2h2.4l.9 2H21a1 1 0 0 1 .9 1.4l-3.6 7a2 2 0 0 1-1.8 1.1H8.1l-1 1.8V16h12v2H7a2 2 0 0 1-1.7-3l1.3-2.4L3.2 4H1V2h2Z"
      />
    </svg>
  );
}
