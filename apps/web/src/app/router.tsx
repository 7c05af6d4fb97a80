import { lazy } from 'react';
import { addSettingsSection } from '../features/account';
import { useParams, type RouteObject } from 'react-router';
import { Redirect } from '../components/ui/redirect';
import { loadOnDemandMessages, loadShopPagesMessages } from '../lib/i18n';
import { NOT_FOUND, NotFoundPage } from './error-page';
import { lazyRoute } from './lazy-route';
import { RootLayout } from './root-layout';

// Each area is its own chunk, fetched when a route of that area is first visited; the areas that
// show the API log's panel or a demo bring the on-demand messages along, the others (but /home) the
// shop pages' messages (the on-demand ones include them).
const withMessages =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadOnDemandMessages()]))[0];
const withShopPagesMessages =
  <T,>(load: () => Promise<T>) =>
  async (): Promise<T> =>
    (await Promise.all([load(), loadShopPagesMessages()]))[0];
const store = withShopPagesMessages(() => import('./store-routes'));
const storeLayout = () => import('../features/store/store-layout');
const checkout = withMessages(() => import('../features/checkout/routes'));
const cardOnFile = withMessages(() => import('../features/card-on-file/routes'));

// The settings area's "Saved cards" (issue 13) is Card on File's, loaded with its tab.
addSettingsSection({
  id: 'cards',
  label: 'CARD_ON_FILE.SETTINGS.TITLE',
  after: 'profile',
  Component: lazy(() => import('../features/card-on-file').then((m) => ({ default: m.SavedCardsSection }))),
});
const tour = withMessages(() => import('../features/guided-tour/routes'));
const agentTour = withMessages(() => import('../features/guided-tour/agentic/routes'));
const components = withMessages(() => import('../features/components/routes'));
const agenticLive = withMessages(() => import('../features/agentic-live/routes'));

const page = (load: () => Promise<{ default: React.ComponentType }>) => lazyRoute(load, (area) => area.default);

const storeRoutes: RouteObject[] = [
  { path: 'home', ...page(() => import('../features/home/home-page')) },
  { path: 'products', ...lazyRoute(store, (area) => area.ProductsPage) },
  { path: 'products/:id', ...lazyRoute(store, (area) => area.ProductPage) },
  { path: 'cart', ...lazyRoute(store, (area) => area.CartPage) },
  { path: 'cart/empty', ...lazyRoute(store, (area) => area.EmptyCartPage) },
  {
    path: 'checkout',
    ...lazyRoute(checkout, (area) => area.CheckoutLayout),
    children: [
      { index: true, ...lazyRoute(checkout, (area) => area.CheckoutStart) },
      { path: 'shipping', ...lazyRoute(checkout, (area) => area.ShippingPage) },
      { path: 'payment', ...lazyRoute(checkout, (area) => area.PaymentPage) },
      { path: 'review', ...lazyRoute(checkout, (area) => area.ReviewPage) },
      { path: 'thank-you', ...lazyRoute(checkout, (area) => area.ThankYouPage) },
    ],
  },
  { path: 'card-on-file', ...lazyRoute(cardOnFile, (area) => area.CardOnFilePage) },
  // Issue 39: the live tool's agentic checkout, beside the shop's API log.
  {
    path: 'agentic-checkout',
    handle: { prefetch: false },
    ...lazyRoute(agenticLive, (area) => area.AgenticCheckoutPage),
  },
  {
    path: 'components',
    handle: { prefetch: false },
    ...lazyRoute(components, (area) => area.ComponentsIndex),
  },
  {
    path: 'components/:slug',
    handle: { prefetch: false },
    ...lazyRoute(
      components,
      ({ ComponentPage, componentBySlug }) =>
        function KnownComponentPage() {
          // An unknown slug is the not-found page, in place of the shop's layout as well.
          if (!componentBySlug(useParams().slug)) throw NOT_FOUND;
          return <ComponentPage />;
        },
    ),
  },
  { path: 'card-on-file/saved-cards', ...lazyRoute(cardOnFile, (area) => area.SavedCardsPage) },
];

const tourRoutes: RouteObject[] = [
  { path: 'demo/guided-tour', ...lazyRoute(tour, (area) => area.TourLander) },
  { path: 'demo/guided-tour/steps', ...lazyRoute(tour, (area) => area.TourSteps) },
  { path: 'demo/guided-tour/card-on-file', ...lazyRoute(tour, (area) => area.CardOnFileLander) },
  { path: 'demo/guided-tour/card-on-file/steps', ...lazyRoute(tour, (area) => area.CardOnFileSteps) },
  { path: 'demo/guided-tour/installments', ...page(withMessages(() => import('../features/installments/lander'))) },
  { path: 'demo/guided-tour/installments/steps', ...lazyRoute(tour, (area) => area.InstallmentsSteps) },
  { path: 'demo/guided-tour/recognized-user', ...lazyRoute(tour, (area) => area.RecognizedUserLander) },
  { path: 'demo/guided-tour/agent/steps', ...lazyRoute(agentTour, (area) => area.AgentTourSteps) },
  {
    path: 'demo/guided-tour/agent/autonomous/steps',
    ...lazyRoute(agentTour, (area) => area.AgentAutonomousSteps),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      {
        children: [
          // Every matched route renders something: a route that only redirects in its loader, or
          // only throws, logs React Router's "leaf route does not have an element" warning.
          { index: true, element: <Redirect to="/home" /> },
          { ...lazyRoute(storeLayout, (area) => area.StoreLayout), children: storeRoutes },
          ...tourRoutes,
          { path: 'sign-in', ...page(withShopPagesMessages(() => import('../features/admin/sign-in-page'))) },
          { path: 'cookie', ...page(withShopPagesMessages(() => import('../features/cookie/cookie-page'))) },
          {
            path: 'srci/config',
            ...page(withShopPagesMessages(() => import('../features/configuration/configuration-page'))),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
