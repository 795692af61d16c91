import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const CHECKS_ID = 'virtual:response-checks';

/**
 * `virtual:response-checks`: the first page's response checks, compiled from the shared zod
 * schemas when the app is built (web/build/responseChecks.ts), so zod is not in the first chunks.
 * The generator runs under tsx because the schemas are TypeScript with .js import specifiers.
 */
function responseChecks(): Plugin {
  let code: string | undefined;
  return {
    name: 'daymark-response-checks',
    resolveId: (id) => (id === CHECKS_ID ? `\0${CHECKS_ID}` : undefined),
    load(id) {
      if (id !== `\0${CHECKS_ID}`) return undefined;
      code ??= execFileSync(process.execPath, ['--import', 'tsx', 'web/build/printResponseChecks.ts'], {
        encoding: 'utf8',
      });
      return code;
    },
  };
}

/**
 * Writes a .br and a .gz copy next to each built text asset, so the server sends them
 * compressed (@fastify/static's preCompressed) without compressing on every request.
 */
function precompress(): Plugin {
  return {
    name: 'daymark-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|webmanifest)$/.test(name)) continue;
        const file = path.join(options.dir ?? '', name);
        const data = fs.readFileSync(file);
        if (data.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * The first paint waits for no stylesheet request: the first page's CSS (the theme, the boot
 * screen and the shared components', which Vite links from index.html) goes into index.html as
 * `<style>` elements, in the links' order, and the server gives each the page's CSP nonce
 * (server/src/http/webApp.ts). Each link stays, `disabled` (never fetched nor applied), because
 * Vite's chunk loader looks for a stylesheet link by its address before it adds one: without it,
 * opening a page whose chunk needs that CSS would load it again, after the page's own styles.
 */
function inlineFirstPageCss(): Plugin {
  return {
    name: 'daymark-inline-first-page-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g, (link, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') throw new Error(`index.html links ${file}, which the build did not write`);
          const css = String(asset.source);
          if (/<\/style/i.test(css)) throw new Error(`${file} cannot be inlined: it contains </style`);
          return `<style>${css}</style>\n    ${link.replace('>', ' disabled>')}`;
        });
      },
    },
  };
}

/**
 * React Router publishes its development build (with its warnings) as the package's only entry;
 * the same code without them is in `dist/production`, which the built app uses.
 */
const routerProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  root: 'web',
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerProduction('dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    responseChecks(),
    inlineFirstPageCss(),
    precompress(),
    // The installable app: a manifest, and a service worker that caches the app shell and the
    // hashed assets, never an API response. A new version waits and takes over on the next visit.
    VitePWA({
      registerType: 'prompt',
      // Registered by the app's code after the page's load event (web/src/app/serviceWorker.ts):
      // an injected script was one more request before the first paint.
      injectRegister: false,
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
        // Reminders as notifications (features/reminders): the push and notification-click
        // listeners, a plain file from web/public, loaded by the generated worker.
        importScripts: ['push-sw.js'],
      },
    }),
  ],
  // The manifest lets `npm run bench` report the first page's and each route's JS.
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The design system's modules only define components: a screen that imports one
        // component from the ui index must not bring the others (the dialog library) along.
        moduleSideEffects: [{ test: /\/web\/src\/ui\/[^/]+\.tsx?$/, sideEffects: false }],
      },
    },
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
}));
