import { describe, expect, it } from 'vitest';
import { formatDuration, nextRuns, presetOf, SCHEDULE_PRESETS, scheduleProblem } from './cronSchedule.js';

describe('cron schedules', () => {
  it('accepts every preset and nicknames, and names what is wrong otherwise', () => {
    for (const p of SCHEDULE_PRESETS) expect(scheduleProblem(p.value), p.label).toBeNull();
    expect(scheduleProblem('@daily')).toBeNull();
    expect(scheduleProblem('61 * * * *')).toBe('Invalid schedule: Invalid value for minute: 61');
    expect(scheduleProblem('* * * *')).toMatch(/^Invalid schedule: use five fields/);
    expect(scheduleProblem('*/5 * * * * *')).toMatch(/^Invalid schedule: use five fields/);
    expect(scheduleProblem('0 0 30 2 *')).toBe('Invalid schedule: it never runs');
    expect(scheduleProblem('  ')).toBe('Invalid schedule: it is empty');
    expect(presetOf('0 * * * *')?.label).toBe('Every hour');
    expect(presetOf('1 2 * * *')).toBeUndefined();
  });

  it('computes run times in the given zone', () => {
    const from = new Date('2026-11-23T10:00:00Z');
    expect(nextRuns('0 0 * * *', 'Europe/Berlin', 2, from).map((d) => d.toISOString())).toEqual([
      '2026-11-23T23:00:00.000Z',
      '2026-11-24T23:00:00.000Z',
    ]);
    expect(nextRuns('0 0 * * *', 'UTC', 1, from)[0]?.toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(nextRuns('bad', 'UTC', 3, from)).toEqual([]);
  });

  it('shows durations in ms, s or minutes', () => {
    expect(formatDuration(0)).toBe('0ms');
    expect(formatDuration(999)).toBe('999ms');
    expect(formatDuration(1000)).toBe('1.0s');
    expect(formatDuration(59_940)).toBe('59.9s');
    expect(formatDuration(60_000)).toBe('1.0m');
    expect(formatDuration(150_000)).toBe('2.5m');
  });
});
