import { percentile } from '../stats.js';
import type { BenchRow, BenchScenario } from '../types.js';

/** Queries over the journal scenario's 20,000 entries: common words, rare words, prefixes, no match. */
const QUERIES = ['meeting', 'report', 'project 12345', 'proj', 'calm focused day', 'budget', 'zebra', 'thoughts 777'];
const RUNS = 40;

/** Full-text search over the journal scenario's data (it seeds nothing of its own). */
export const searchScenario: BenchScenario = {
  name: 'search (20,000 journal entries, 2,000 transcripts, 2,000 todos)',
  routes: [
    { label: 'GET /api/search?q=meeting (2,000+ matches)', path: '/api/search?q=meeting' },
    { label: 'GET /api/search?q=project 12345 (rare)', path: '/api/search?q=project%2012345' },
  ],
  async measure({ baseUrl, token }): Promise<BenchRow[]> {
    const headers = { authorization: `Bearer ${token}` };
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      for (const q of QUERIES) {
        const t = performance.now();
        const res = await fetch(`${baseUrl}/api/search?q=${encodeURIComponent(q)}&limit=20`, { headers });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`search ${q}: ${res.status}`);
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    return [
      {
        label: 'search, one request at a time (mixed queries)',
        requests: times.length,
        'p50 ms': percentile(times, 0.5).toFixed(1),
        'p95 ms': percentile(times, 0.95).toFixed(1),
      },
    ];
  },
};
