import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { useAdmin } from './features/admin/store';
import { reloadForChunkError } from './lib/chunk-reload';
import { initI18n } from './lib/i18n';
import './styles/global.css';

// Vite reports a failed chunk preload here; a reload picks up the current release's files.
window.addEventListener('vite:preloadError', (event) => {
  if (reloadForChunkError()) event.preventDefault();
});

void useAdmin.getState().load();
await initI18n();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={createRouter()} />
  </StrictMode>,
);
