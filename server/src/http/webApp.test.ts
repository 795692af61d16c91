import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/harness.js';

/** The built web app as the server serves it: its files, and index.html for every app route. */
let h: Harness;
let webDir: string;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'daymark-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Daymark</title></head></html>');
  fs.writeFileSync(path.join(webDir, 'manifest.webmanifest'), '{"name":"Daymark"}');
  fs.mkdirSync(path.join(webDir, 'assets'));
  const script = path.join(webDir, 'assets', 'app-1a2b.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, gzipSync(SCRIPT));
  // Beside the web app, never served.
  fs.writeFileSync(path.join(path.dirname(webDir), `${path.basename(webDir)}-secret.txt`), 'secret');
  h = await createHarness({ env: { WEB_DIR: webDir } });
});

afterAll(async () => {
  await h?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
  fs.rmSync(`${webDir}-secret.txt`, { force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => h.app.inject({ method: 'GET', url, headers });
const isIndex = (body: string) => body.includes('<title>Daymark</title>') && body.includes('name="csp-nonce"');

describe('the web app', () => {
  it('sends a hashed asset cached for good, compressed as the browser accepts', async () => {
    const plain = await get('/assets/app-1a2b.js', { 'accept-encoding': 'identity' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers['content-type']).toContain('javascript');

    const br = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(SCRIPT.length);
    const gz = await get('/assets/app-1a2b.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const head = await h.app.inject({ method: 'HEAD', url: '/assets/app-1a2b.js' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('sends a file outside the assets to be checked again on every use', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers every app route and index.html itself with the page and a fresh nonce', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/dashboard',
      '/dashboard/',
      '/notes/2026-11-27',
      '/todos?filter=open',
      '/assets/',
      '/assets',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(isIndex(res.body), url).toBe(true);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('compresses the page as the browser accepts, each response with its own nonce', async () => {
    const nonceOf = (html: string) => /<meta name="csp-nonce" content="([^"]+)"/.exec(html)?.[1];
    const br = await get('/dashboard', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    const brHtml = brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(isIndex(brHtml)).toBe(true);
    expect(br.headers['content-security-policy']).toContain(`'nonce-${nonceOf(brHtml)}'`);

    const gz = await get('/dashboard', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const gzHtml = gunzipSync(gz.rawPayload).toString('utf8');
    expect(isIndex(gzHtml)).toBe(true);
    expect(nonceOf(gzHtml)).not.toBe(nonceOf(brHtml));

    for (const accept of ['identity', 'br;q=0, gzip;q=0', '']) {
      const plain = await get('/dashboard', { 'accept-encoding': accept });
      expect(plain.headers['content-encoding'], accept).toBeUndefined();
      expect(isIndex(plain.body), accept).toBe(true);
    }
  });

  it('answers an unknown API address, a missing asset, a write to a page and a HEAD of a page with 404', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/api'],
      ['GET', '/assets/app-0000.js'],
      ['GET', '/assets/fonts/missing.woff2'],
      ['POST', '/dashboard'],
      ['HEAD', '/dashboard'],
    ] as const) {
      const res = await h.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      if (method !== 'HEAD') expect(res.json(), `${method} ${url}`).toEqual({ error: 'Not found' });
    }
  });

  it('sends nothing from outside its directory', async () => {
    for (const url of [
      `/../${path.basename(webDir)}-secret.txt`,
      `/%2e%2e/${path.basename(webDir)}-secret.txt`,
      `/assets/..%2f..%2f${path.basename(webDir)}-secret.txt`,
    ]) {
      const res = await get(url);
      expect(res.body, url).not.toContain('secret');
    }
  });
});
