import { describe, expect, it } from 'vitest';
import type { WeeklyPlan } from '#common/api/weekly.js';
import { weeklyStructured } from '#common/api/weekly.js';
import { formOf, formsDiffer } from './planForm';

const plan = (over: Partial<WeeklyPlan> = {}): WeeklyPlan => ({
  id: 1,
  date: '2030-03-04',
  exists: true,
  content: 'Weekly planning entry',
  structured_data: weeklyStructured.parse({ meta_goals: ['Ship'], weekly_intention: 'Calm' }),
  updated_at: null,
  week: { week: '2030-03-04', editable: true, can_create_next: false, next_week: '2030-03-11', editable_until: '' },
  ...over,
});

describe('plan form', () => {
  it('shows three goal slots at least and hides the default content', () => {
    const f = formOf(plan());
    expect(f.meta_goals).toEqual(['Ship', '', '']);
    expect(f.content).toBe('');
    expect(formOf(undefined).meta_goals).toEqual(['', '', '']);
  });

  it('counts only what the user wrote as a change', () => {
    const f = formOf(plan());
    expect(formsDiffer(f, { ...f, meta_goals: ['Ship', '', '', ''] })).toBe(false);
    expect(formsDiffer(f, { ...f, content: '  ' })).toBe(false);
    expect(formsDiffer(f, { ...f, meta_goals: ['Ship', 'Run', ''] })).toBe(true);
    expect(formsDiffer(f, { ...f, weekly_intention: 'Calm!' })).toBe(true);
  });
});
