import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app: hashed assets cached for good, index.html for every app route. */
export async function registerWebApp(app: FastifyInstance, webDir: string) {
  if (!fs.existsSync(path.join(webDir, 'index.html'))) {
    app.log.warn({ webDir }, 'web app not built: serving the API only (run npm run build)');
    return false;
  }
  await app.register(fastifyStatic, {
    root: webDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies of the text assets; sent when the browser accepts them.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}
