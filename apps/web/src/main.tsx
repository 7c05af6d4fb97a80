import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { useAdmin } from './features/admin/store';
import { initI18n } from './lib/i18n';
import './styles/global.css';

// Spec section 2: every navigation starts at the top, Back and Forward included.
window.history.scrollRestoration = 'manual';

void useAdmin.getState().load();
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
