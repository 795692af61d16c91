import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentSecurityPolicy } from './securityHeaders.js';

/**
 * Serves the built web app: hashed assets cached for good, index.html for every app route.
 * index.html goes out with a fresh nonce in its Content-Security-Policy and in a meta tag: the
 * dialog library's scroll lock injects one <style> element, which the app stamps with that
 * nonce, so styles need no 'unsafe-inline'.
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
  const template = fs.readFileSync(indexFile, 'utf8');
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
    const html = template.replace('<head>', `<head>\n    <meta name="csp-nonce" content="${nonce}" />`);
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(nonce))
      .type('text/html; charset=utf-8')
      .send(html);
  };
}
