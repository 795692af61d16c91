/**
 * Registers the service worker (`sw.js`, written by vite-plugin-pwa) once the page has loaded:
 * its install precaches every asset, which must not compete with the first screen's own requests.
 * From the app's code rather than a `<script>` in index.html: that script was one more request
 * before the first paint (the page's Content-Security-Policy allows no inline script).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser that refuses (a private window, plain HTTP on a home network) runs without it.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
