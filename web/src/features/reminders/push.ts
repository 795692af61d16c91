// This device's notifications (Web Push): the browser's side of it. The service worker that
// shows them is vite-plugin-pwa's, which loads web/public/push-sw.js.

/** How long to wait for the service worker to be running before saying so. */
export const WORKER_WAIT_MS = 5_000;

/** A reason in plain words, shown as it is. */
export class PushProblem extends Error {
  override readonly name = 'PushProblem';
}

export const PUSH_WORDS = {
  insecure: 'Notifications need Daymark opened at an address starting with https://.',
  noKey: 'Notifications are not set up on this server. Ask your administrator.',
  blocked:
    'Notifications are blocked for Daymark in this browser. Allow them in the site’s settings (often the icon before the address), then try again.',
  dismissed: 'Notifications were not allowed. Try again and choose Allow when the browser asks.',
  noWorker:
    'This page is not ready for notifications yet: the part of Daymark that shows them is not running. Reload the page and try again.',
  refused: 'The browser did not turn notifications on. Try again later.',
} as const;

/** Whether this browser can receive push notifications at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The server's VAPID key (base64url, as the contract sends it) as the bytes the browser takes. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((x, i) => x === b[i]);
}

/** `promise`, or a PushProblem with `message` once `ms` have passed. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushProblem(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/** This device's subscription, without waiting for a worker that may never start (null: none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission, waits (a few seconds at most) for the service worker, and subscribes
 * with the server's key; a subscription made with another key (the server's key changed) is
 * replaced. Throws a PushProblem with the reason in plain words.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscription> {
  if (!publicKey) throw new PushProblem(PUSH_WORDS.noKey);
  const permission = await Notification.requestPermission();
  if (permission === 'denied') throw new PushProblem(PUSH_WORDS.blocked);
  if (permission !== 'granted') throw new PushProblem(PUSH_WORDS.dismissed);
  const registration = await withTimeout(navigator.serviceWorker.ready, WORKER_WAIT_MS, PUSH_WORDS.noWorker);
  const key = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  if (existing) await existing.unsubscribe();
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'NotAllowedError') throw new PushProblem(PUSH_WORDS.blocked);
    throw new PushProblem(PUSH_WORDS.refused);
  }
}

/** What the server is sent for a subscription: its address and keys (PushSubscription.toJSON()). */
export function subscriptionBody(subscription: PushSubscription, appUrl: string) {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    app_url: appUrl,
  };
}
