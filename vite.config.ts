import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  root: 'web',
  plugins: [
    react(),
    // The installable app: a manifest, and a service worker that caches the app shell and the
    // hashed assets, never an API response. A new version waits and takes over on the next visit.
    VitePWA({
      registerType: 'prompt',
      injectRegister: 'script',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Daymark',
        short_name: 'Daymark',
        description: 'Your personal coaching and productivity companion.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#f6f7f9',
        theme_color: '#0f766e',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        // API calls (and the API docs) always go to the network.
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
      },
    }),
  ],
  // The manifest lets `npm run bench` report the first page's and each route's JS.
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
});
