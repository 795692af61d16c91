import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';

let h: Harness;
let webDir: string;
afterEach(async () => {
  await h?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const policy = (header: unknown) =>
  new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('Content-Security-Policy (ASVS 3.4.3)', () => {
  it('sends HSTS for a year, subdomains included, on HTTPS only (ASVS 3.4.1)', async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-web-'));
    h = await createHarness({ env: { TRUST_PROXY: 'true' } });
    const https = await h.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const http = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows no inline script or style, no plugins and no <base>, on the API and on the page', async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Daymark</title><style>:root{color:red}</style><style>p{margin:0}</style></head><body></body></html>',
    );
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    h = await createHarness({ env: { WEB_DIR: webDir } });
    const nonces = new Set<string>();
    for (const url of ['/', '/index.html', '/todos', '/dashboard/stats']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      const csp = policy(res.headers['content-security-policy']);
      const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(res.body)?.[1];
      expect(nonce, url).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(csp.get('style-src')).toBe(`'self' 'nonce-${nonce}'`);
      expect(csp.get('script-src')).toBe("'self'");
      // The first page's CSS, inlined by the build, carries the same nonce, in every <style>.
      expect(res.body.match(/<style[^>]*>/g), url).toEqual([`<style nonce="${nonce}">`, `<style nonce="${nonce}">`]);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(4);
    for (const url of ['/api/health', '/assets/app.js']) {
      const res = await h.app.inject({ method: 'GET', url });
      const csp = policy(res.headers['content-security-policy']);
      expect(res.headers['content-security-policy'], url).not.toContain('unsafe-inline');
      expect(csp.get('object-src')).toBe("'none'");
      expect(csp.get('base-uri')).toBe("'none'");
      expect(csp.get('frame-ancestors')).toBe("'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });
});
