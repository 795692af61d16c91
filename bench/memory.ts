import fs from 'node:fs';

/** A process's peak and current resident memory (Linux: /proc), in MB; null elsewhere. */
export function serverMemory(pid: number | undefined): { peakMB: number; nowMB: number } | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kB = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    const peak = kB('VmHWM');
    const now = kB('VmRSS');
    return Number.isNaN(peak) || Number.isNaN(now)
      ? null
      : { peakMB: Math.round(peak / 1024), nowMB: Math.round(now / 1024) };
  } catch {
    return null;
  }
}
