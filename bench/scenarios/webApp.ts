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

/** Whether a built file contains zod (read from its source map). */
function hasZod(file: string): boolean {
  const map = path.join(WEB, `${file}.map`);
  if (!fs.existsSync(map)) return false;
  const { sources } = JSON.parse(fs.readFileSync(map, 'utf8')) as { sources?: string[] };
  return (sources ?? []).some((s) => s.includes('node_modules/zod/'));
}

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The signed-in shell and the overview: lazy chunks the dashboard loads (app/preload.ts starts them at once). */
const DASHBOARD = ['src/app/shell/AppShell.tsx', 'src/features/dashboard/OverviewPage.tsx'];
/** The shell's own lazy part: the floating recorder, loaded wider than 768 px once the page is idle. */
const SHELL = 'src/app/shell/AppShell.tsx';

/**
 * The web app's JavaScript, gzipped: what the login page loads (the entry and its static
 * imports), what the dashboard loads in all, what the desktop recorder adds once the page is
 * idle, and what each lazily loaded route adds on top of the dashboard; with the number of
 * files and whether zod is among them.
 */
export const webAppScenario: BenchScenario = {
  name: 'Web app JavaScript (gzip)',
  async measure() {
    const file = path.join(WEB, '.vite', 'manifest.json');
    if (!fs.existsSync(file)) return [{ label: 'no build manifest: run npm run build' }];
    const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
    const row = (label: string, keys: Iterable<string>): BenchRow => {
      let bytes = 0;
      let files = 0;
      let zod = false;
      for (const k of keys) {
        const f = manifest[k]?.file;
        if (!f?.endsWith('.js')) continue;
        bytes += gzip(f);
        files += 1;
        zod ||= hasZod(f);
      }
      return { label, 'kB gzip': kb(bytes), files, zod: zod ? 'yes' : 'no' };
    };
    const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry) ?? 'index.html';
    const initial = closure(manifest, entry);
    const dashboard = new Set(initial);
    for (const src of DASHBOARD) if (manifest[src]) closure(manifest, src, dashboard);
    const rows: BenchRow[] = [
      row('first page: /login (entry + static imports)', initial),
      row('/login + /dashboard (+ shell + overview chunks)', dashboard),
    ];
    const later = new Set<string>();
    for (const key of manifest[SHELL]?.dynamicImports ?? []) closure(manifest, key, later);
    rows.push(
      row(
        '+ desktop recorder (wider than 768 px, once idle)',
        [...later].filter((k) => !dashboard.has(k)),
      ),
    );
    for (const [key, chunk] of Object.entries(manifest)) {
      if (!chunk.isDynamicEntry || DASHBOARD.includes(key)) continue;
      const extra = [...closure(manifest, key)].filter((k) => !dashboard.has(k));
      rows.push(row(`route ${chunk.src ?? key}`, extra));
    }
    return rows;
  },
};
