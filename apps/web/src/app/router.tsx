import { lazy } from 'react';
import { addSettingsSection } from '../features/account';
import { createBrowserRouter, data, type RouteObject } from 'react-router';
import { Loader } from '../components/ui/loader';
import { Redirect } from '../components/ui/redirect';
import { loadOnDemandMessages, loadShopPagesMessages } from '../lib/i18n';
import { NotFoundPage, RouteErrorPage } from './error-page';
import { RootErrorPage, RootLayout } from './root-layout';

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

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

const storeRoutes: RouteObject[] = [
  { path: 'home', lazy: page(() => import('../features/home/home-page')) },
  { path: 'products', lazy: async () => ({ Component: (await store()).ProductsPage }) },
  { path: 'products/:id', lazy: async () => ({ Component: (await store()).ProductPage }) },
  { path: 'cart', lazy: async () => ({ Component: (await store()).CartPage }) },
  { path: 'cart/empty', lazy: async () => ({ Component: (await store()).EmptyCartPage }) },
  {
    path: 'checkout',
    lazy: async () => ({ Component: (await checkout()).CheckoutLayout }),
    children: [
      { index: true, lazy: async () => ({ Component: (await checkout()).CheckoutStart }) },
      { path: 'shipping', lazy: async () => ({ Component: (await checkout()).ShippingPage }) },
      { path: 'payment', lazy: async () => ({ Component: (await checkout()).PaymentPage }) },
      { path: 'review', lazy: async () => ({ Component: (await checkout()).ReviewPage }) },
      { path: 'thank-you', lazy: async () => ({ Component: (await checkout()).ThankYouPage }) },
    ],
  },
  { path: 'card-on-file', lazy: async () => ({ Component: (await cardOnFile()).CardOnFilePage }) },
  // Issue 39: the live tool's agentic checkout, beside the shop's API log.
  {
    path: 'agentic-checkout',
    handle: { prefetch: false },
    lazy: async () => ({ Component: (await agenticLive()).AgenticCheckoutPage }),
  },
  {
    path: 'components',
    handle: { prefetch: false },
    lazy: async () => ({ Component: (await components()).ComponentsIndex }),
  },
  {
    path: 'components/:slug',
    handle: { prefetch: false },
    lazy: async () => {
      const { ComponentPage, componentBySlug } = await components();
      return {
        Component: ComponentPage,
        loader: ({ params }: { params: { slug?: string } }) => {
          if (!componentBySlug(params.slug)) throw data(null, { status: 404 });
          return null;
        },
      };
    },
  },
  { path: 'card-on-file/saved-cards', lazy: async () => ({ Component: (await cardOnFile()).SavedCardsPage }) },
];

const tourRoutes: RouteObject[] = [
  { path: 'demo/guided-tour', lazy: async () => ({ Component: (await tour()).TourLander }) },
  { path: 'demo/guided-tour/steps', lazy: async () => ({ Component: (await tour()).TourSteps }) },
  { path: 'demo/guided-tour/card-on-file', lazy: async () => ({ Component: (await tour()).CardOnFileLander }) },
  { path: 'demo/guided-tour/card-on-file/steps', lazy: async () => ({ Component: (await tour()).CardOnFileSteps }) },
  { path: 'demo/guided-tour/installments', lazy: page(withMessages(() => import('../features/installments/lander'))) },
  { path: 'demo/guided-tour/installments/steps', lazy: async () => ({ Component: (await tour()).InstallmentsSteps }) },
  { path: 'demo/guided-tour/recognized-user', lazy: async () => ({ Component: (await tour()).RecognizedUserLander }) },
  { path: 'demo/guided-tour/agent/steps', lazy: async () => ({ Component: (await agentTour()).AgentTourSteps }) },
  {
    path: 'demo/guided-tour/agent/autonomous/steps',
    lazy: async () => ({ Component: (await agentTour()).AgentAutonomousSteps }),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: Loader,
    children: [
      {
        ErrorBoundary: RouteErrorPage,
        children: [
          // Every matched route renders something: a route that only redirects in its loader, or
          // only throws, logs React Router's "leaf route does not have an element" warning.
          { index: true, element: <Redirect to="/home" /> },
          { lazy: async () => ({ Component: (await storeLayout()).StoreLayout }), children: storeRoutes },
          ...tourRoutes,
          { path: 'sign-in', lazy: page(withShopPagesMessages(() => import('../features/admin/sign-in-page'))) },
          { path: 'cookie', lazy: page(withShopPagesMessages(() => import('../features/cookie/cookie-page'))) },
          {
            path: 'srci/config',
            lazy: page(withShopPagesMessages(() => import('../features/configuration/configuration-page'))),
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
