import './ui/theme.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setUnauthorizedHandler } from './api/client';
import { preloadFirstScreen } from './app/preload';
import { queryClient } from './app/queryClient';
import { createAppRouter } from './app/router';
import { registerServiceWorker } from './app/serviceWorker';
import { ToastProvider } from './ui/Toast';

// The page's Content-Security-Policy allows only <style> elements bearing this nonce: the
// dialog's scroll lock injects one (through get-nonce).
const nonce = document.querySelector('meta[name="csp-nonce"]')?.getAttribute('content');
if (nonce) setNonce(nonce);

// The session check, the shell and the overview start loading now, not one after another.
preloadFirstScreen(queryClient);
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Evaluating the app's code is one task of the browser's main thread, building the router (its
// routes ranked and matched) is another, and the first render is time-sliced (a transition):
// the page stays responsive between them, where one long task would block it (under
// Lighthouse's 4× slower CPU the three take a few hundred milliseconds; docs/architecture.md).
setTimeout(() => {
  const router = createAppRouter();
  // A 401 anywhere sends the user to /login?next=… through the router, without a page reload.
  setUnauthorizedHandler((loginPath) => void router.navigate(loginPath, { replace: true }));
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>
            <RouterProvider router={router} />
          </ToastProvider>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}, 0);
