import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from './securityHeaders.js';

/**
 * Serves the built web app: hashed assets cached for good, index.html for every app route.
 * index.html goes out with a fresh nonce in its Content-Security-Policy and in a meta tag: the
 * dialog library's scroll lock injects one <style> element, which the app stamps with that
 * nonce, and the first page's CSS is inlined by the build as <style> elements, which get it here,
 * so styles need no 'unsafe-inline'.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDir: string,
): Promise<((reply: FastifyReply) => FastifyReply) | null> {
  const indexFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDir }, 'web app not built: serving the API only (run npm run build)');
    return null;
  }
  // The page in pieces, split once where each response's nonce goes: its meta tag after <head>
  // and every <style> tag (the first page's CSS, inlined by the build).
  const pieces = fs
    .readFileSync(indexFile, 'utf8')
    .replace('<head>', '<head>\n    <meta name="csp-nonce" content="\0" />')
    .replaceAll('<style>', '<style nonce="\0">')
    .split('\0');
  await app.register(fastifyStatic, {
    root: webDir,
    // One route for every file, looked up when asked for: a route per file (hundreds, with their
    // compressed copies) took about 150 ms of each start.
    wildcard: true,
    index: false,
    // index.html is answered by sendIndex (with its nonce), like every app route; so is an
    // address that names a directory ('/', '/dashboard/'), which would otherwise be refused (403).
    // Nothing under /api is a file: an unknown API address goes to the 404 without a disk lookup.
    allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('/') && !pathName.startsWith('/api/'),
    // The build writes .br and .gz copies of the text assets; sent when the browser accepts them.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return (reply) => {
    const nonce = crypto.randomBytes(16).toString('base64');
    const html = pieces.join(nonce);
    reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8');
    // Compressed for each response, as its nonce is new (about 0.2 ms): with the first page's CSS
    // inlined the page is 16 kB, 4 kB compressed, which fits the first round trip of a connection.
    const encoding = negotiate(String(reply.request.headers['accept-encoding'] ?? ''), ['br', 'gzip']);
    if (encoding === 'br') {
      const params = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: html.length };
      return reply.header('content-encoding', 'br').send(brotliCompressSync(html, { params }));
    }
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
    return reply.send(html);
  };
}
