import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addedGoals, mergeGoals, readWeeklyStructured, summariseReflections } from './weeklyPlan.js';

describe('mergeGoals', () => {
  it('stops at the twelve goals a plan can save, and tells which were added', () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `Goal ${i}`);
    const merged = mergeGoals(eleven, ['New one', 'New two']);
    expect(merged).toHaveLength(12);
    expect(addedGoals(eleven, merged)).toEqual(['New one']);
  });
  it('fills empty slots when the plan has no goals', () => {
    expect(mergeGoals(['', '', ''], ['Ship v1', 'Run twice'])).toEqual(['Ship v1', 'Run twice', '']);
  });
  it('appends only new goals, case-insensitively, when goals exist', () => {
    expect(mergeGoals(['Ship v1', '', ''], ['ship V1', 'Run twice'])).toEqual(['Ship v1', 'Run twice', '']);
    expect(mergeGoals(['A', 'B', 'C'], ['c', 'D'])).toEqual(['A', 'B', 'C', 'D']);
  });
  it('never loses a goal and never duplicates one', () => {
    const goal = fc.stringMatching(/^[A-Za-z ]{0,8}$/);
    fc.assert(
      fc.property(fc.array(goal, { maxLength: 5 }), fc.array(goal, { maxLength: 5 }), (current, suggested) => {
        const merged = mergeGoals(current, suggested);
        const lower = merged.filter((g) => g.trim()).map((g) => g.trim().toLowerCase());
        for (const g of current.filter((x) => x.trim())) expect(merged).toContain(g);
        for (const s of suggested.filter((x) => x.trim())) expect(lower).toContain(s.trim().toLowerCase());
        expect(merged.length).toBeGreaterThanOrEqual(3);
        const added = lower.slice(current.filter((x) => x.trim()).length);
        expect(new Set(added).size).toBe(added.length);
      }),
    );
  });
});

describe('summariseReflections', () => {
  const morning = (i: number) => ({
    date: `2026-03-${String(10 - i).padStart(2, '0')}`,
    priorities: [`p${i}a`, `p${i}b`],
    challenges: `challenge ${i}`,
    energy_level: i,
  });
  const evening = (i: number) => ({
    date: `2026-03-${String(10 - i).padStart(2, '0')}`,
    wins: [`w${i}`],
    frustrations: `${'x'.repeat(120)}${i}`,
    open_loops: [`l${i}`],
  });
  it('keeps up to 5 list items and 3 challenges and frustrations, cut at 100 characters', () => {
    const s = summariseReflections([0, 1, 2, 3].map(morning), [0, 1, 2, 3, 4, 5].map(evening));
    expect(s.priorities).toEqual(['p0a', 'p0b', 'p1a', 'p1b', 'p2a']);
    expect(s.challenges).toEqual(['challenge 0', 'challenge 1', 'challenge 2']);
    expect(s.wins).toEqual(['w0', 'w1', 'w2', 'w3', 'w4']);
    expect(s.open_loops).toHaveLength(5);
    // Frustrations differing only after 100 characters are distinct before they are cut.
    expect(s.frustrations).toHaveLength(3);
    for (const f of s.frustrations) expect(f).toBe(`${'x'.repeat(100)}…`);
    expect(s.average_energy).toBe(1.5);
  });
  it('the saved view keeps 3 and 2', () => {
    const s = summariseReflections([0, 1, 2].map(morning), [0, 1, 2].map(evening), { list: 3, short: 2 });
    expect(s.priorities).toHaveLength(3);
    expect(s.challenges).toHaveLength(2);
    expect(s.frustrations).toHaveLength(2);
  });
});

describe('readWeeklyStructured', () => {
  it('reads JSON text or an object, and keeps the fields that fit when one does not', () => {
    const d = readWeeklyStructured(JSON.stringify({ weekly_intention: 'Focus', meta_goals: 'not a list' }));
    expect(d.weekly_intention).toBe('Focus');
    expect(d.meta_goals).toEqual(['', '', '']);
    expect(readWeeklyStructured({ brain_dump: 'x' }).brain_dump).toBe('x');
    expect(readWeeklyStructured('{not json').calendar_events).toEqual([]);
    expect(readWeeklyStructured(null).weekly_review).toBe('');
  });
});
