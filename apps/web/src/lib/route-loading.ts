import { createContext, useContext } from 'react';

/** True while the next route's code loads (the current page stays on screen meanwhile). */
export const RouteLoading = createContext(false);

export const useRouteLoading = () => useContext(RouteLoading);
