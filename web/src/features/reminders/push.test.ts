import { describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, PushProblem, withTimeout } from './push';

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('this device’s notifications', () => {
  it('reads the server’s base64url key into bytes, padding or not', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xfe, 0x01, 0x02]);
    const base64url = toBase64Url(bytes);
    expect(base64url).toBe('-__-AQI');
    expect([...base64UrlToBytes(base64url)]).toEqual([...bytes]);
    expect([...base64UrlToBytes(`${base64url}=`)]).toEqual([...bytes]);
    // A VAPID public key: an uncompressed P-256 point, 65 bytes.
    const key = new Uint8Array(65).fill(7);
    key[0] = 4;
    expect(base64UrlToBytes(toBase64Url(key)).length).toBe(65);
  });

  it('stops waiting for the service worker after a while, with the plain reason', async () => {
    vi.useFakeTimers();
    try {
      const never = new Promise<never>(() => {});
      const waiting = withTimeout(never, 5_000, 'Reload the page and try again.');
      const outcome = expect(waiting).rejects.toThrow(new PushProblem('Reload the page and try again.'));
      await vi.advanceTimersByTimeAsync(5_000);
      await outcome;
      await expect(withTimeout(Promise.resolve(3), 5_000, 'x')).resolves.toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });
});
