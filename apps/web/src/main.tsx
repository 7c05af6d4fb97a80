import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter, routes } from './app/router';
import { prefetchLinksWhenIdle } from './lib/link-prefetch';
import { useAdmin } from './features/admin/store';
import { apiLog } from './features/api-log';
import { registerCallLog } from './lib/click-to-pay/call-log';
import { initI18n } from './lib/i18n';
import './styles/global.css';

// Spec section 2: every navigation starts at the top, Back and Forward included.
window.history.scrollRestoration = 'manual';

// The Click to Pay client (lib) reports its calls to the API log (a feature) without importing it.
registerCallLog(apiLog);
void useAdmin.getState().load();
await initI18n();

const router = createRouter();
// Spec section 9: each page's links get their code once the page has been idle for 2 s.
let cancelPrefetch = prefetchLinksWhenIdle(routes);
router.subscribe((state) => {
  cancelPrefetch();
  if (state.navigation.state === 'idle') cancelPrefetch = prefetchLinksWhenIdle(routes);
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
