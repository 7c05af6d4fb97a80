import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  define: {
    // Shown in the footer as the release date and time of this build.
    __RELEASE_DATE__: JSON.stringify(new Date().toISOString()),
  },
  build: {
    target: 'es2022',
    // The SPA's HTML is served with a CSP that forbids inline script, so keep Vite from inlining any.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/sandbox': 'http://127.0.0.1:3000' },
  },
});
