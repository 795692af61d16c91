import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The app's version from package.json (two folders up from both server/src and dist/server). */
export function appVersion(): string {
  try {
    return JSON.parse(fs.readFileSync(path.resolve(here, '../../package.json'), 'utf8')).version;
  } catch {
    return '0.0.0';
  }
}

/** The built web app beside the built server, or under dist/ when running from source. */
export function defaultWebDir(): string {
  const besideBuild = path.resolve(here, '../web');
  return fs.existsSync(path.join(besideBuild, 'index.html')) ? besideBuild : path.resolve(here, '../../dist/web');
}
