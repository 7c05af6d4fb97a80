import { lazy } from 'react';

/** The tour's header and hint on the shop's pages while a tour runs (loaded only for the mock tools). */
export const TourChrome = lazy(() => import('./tour-chrome'));
