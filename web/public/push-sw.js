/*
 * Reminders as notifications of this device (Web Push). The service worker vite-plugin-pwa
 * writes (sw.js) loads this file with importScripts (vite.config.ts): plain JavaScript, served
 * as it is from the build's root.
 *
 * A push carries JSON { title, body, url, tag }; every push shows a notification (the browser
 * requires it of a subscription made with userVisibleOnly). A click focuses an open window of
 * the app and takes it to the reminder's page, or opens one there.
 */

const ICON = '/icons/icon-192.png';
const FALLBACK_PATH = '/dashboard';

/** The reminder's address on this app; anything else (another site, no address) opens the dashboard. */
function appUrl(url) {
  try {
    const target = new URL(typeof url === 'string' && url ? url : FALLBACK_PATH, self.location.origin);
    return target.origin === self.location.origin ? target.href : new URL(FALLBACK_PATH, self.location.origin).href;
  } catch {
    return new URL(FALLBACK_PATH, self.location.origin).href;
  }
}

function payloadOf(event) {
  if (!event.data) return {};
  try {
    const data = event.data.json();
    return data && typeof data === 'object' ? data : {};
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = payloadOf(event);
  const title = typeof data.title === 'string' && data.title ? data.title : 'Daymark';
  const options = {
    body: typeof data.body === 'string' ? data.body : '',
    icon: ICON,
    data: { url: appUrl(data.url) },
  };
  // A reminder sent again (a retry, a moved session) replaces the one already shown.
  if (typeof data.tag === 'string' && data.tag) options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appUrl(event.notification.data?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        if (open.url === url) return;
        try {
          // Only a window this worker controls can be navigated; another gets a window of its own.
          await open.navigate(url);
          return;
        } catch {
          // Falls through to a new window.
        }
      }
      await self.clients.openWindow(url);
    })(),
  );
});
