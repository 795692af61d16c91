import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BenchRow, BenchScenario } from '../types.js';

const WEB = 'dist/web';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const gzip = (file: string) => gzipSync(fs.readFileSync(path.join(WEB, file))).length;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/**
 * The web app's JavaScript, gzipped: what the login page loads (the entry and its static
 * imports), what the dashboard loads in all, and what each lazily loaded route adds on top of that.
 */
export const webAppScenario: BenchScenario = {
  name: 'Web app JavaScript (gzip)',
  async measure() {
    const file = path.join(WEB, '.vite', 'manifest.json');
    if (!fs.existsSync(file)) return [{ label: 'no build manifest: run npm run build' }];
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
    const size = (keys: Iterable<string>) => {
      let n = 0;
      for (const k of keys) {
        const f = manifest[k]?.file;
        if (f?.endsWith('.js')) n += gzip(f);
      }
      return n;
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
    const initial = closure(manifest, entry);
    // The dashboard adds the signed-in shell and the overview, each a lazy chunk.
    const dashboard = new Set(initial);
    for (const src of ['src/app/shell/AppShell.tsx', 'src/features/dashboard/OverviewPage.tsx']) {
      if (manifest[src]) closure(manifest, src, dashboard);
    }
    const rows: BenchRow[] = [
      { label: 'first page: /login (entry + static imports)', 'kB gzip': kb(size(initial)) },
      { label: '/login + /dashboard (+ shell + overview chunks)', 'kB gzip': kb(size(dashboard)) },
    ];
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isDynamicEntry) continue;
      const extra = [...closure(manifest, key)].filter((k) => !dashboard.has(k));
      rows.push({ label: `route ${chunk.src ?? key}`, 'kB gzip': kb(size(extra)) });
    }
    return rows;
  },
};
