import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { workoutPlanSchema } from './api/workout.js';
import { CATALOGUE, catalogueByName, type Focus } from './workoutCatalogue.js';
import { ALL_EQUIPMENT, type Equipment } from './workoutConstants.js';
import { type PlannerInput, planWorkout } from './workoutPlanner.js';

const allNames = CATALOGUE.map((e) => e.name);
const date = fc
  .integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2030, 0, 1) })
  .map((t) => new Date(t).toISOString().slice(0, 10));
const focusArb = fc.constantFrom<Focus | null>('legs', 'upper', 'core', 'cardio', 'mobility', 'full', null);
const input: fc.Arbitrary<PlannerInput> = fc.record({
  date,
  equipment: fc.subarray(ALL_EQUIPMENT),
  preferredDuration: fc.integer({ min: 10, max: 120 }),
  weatherDependent: fc.boolean(),
  customPrompt: fc.constantFrom(
    '',
    'legs please',
    'something easy',
    'hard core work',
    'low impact upper body',
    'mobility',
  ),
  recentPlans: fc.array(
    fc.record({
      date,
      focus: focusArb,
      intensity: fc.constantFrom<string | null>('easy', 'moderate', 'hard', null),
    }),
    { maxLength: 7 },
  ),
  liked: fc.subarray(allNames, { maxLength: 6 }),
  disliked: fc.subarray(allNames, { maxLength: 12 }),
});
const exercisesOf = (r: ReturnType<typeof planWorkout>) => r.plan.workout_sections.flatMap((s) => s.exercises);

describe('offline workout planner', () => {
  it('always produces a plan that validates, with reasoning and doses on every exercise', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = planWorkout(i);
        expect(workoutPlanSchema.safeParse(r.plan).success).toBe(true);
        for (const e of exercisesOf(r)) {
          expect(e.reasoning.length).toBeGreaterThan(10);
          expect(e.instructions.length).toBeGreaterThan(10);
          expect(e.duration_or_reps).toMatch(/\d/);
          expect(String(e.sets)).toMatch(/^\d+$/);
          expect(e.rest_between_sets).not.toBe('');
        }
      }),
      { numRuns: 300 },
    );
  });

  it('uses only the equipment the user has, and lists exactly what it uses', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = planWorkout(i);
        const used = new Set<Equipment>();
        for (const e of exercisesOf(r)) {
          const known = catalogueByName.get(e.name.toLowerCase());
          expect(known, e.name).toBeDefined();
          if (known?.equipment) {
            expect(i.equipment).toContain(known.equipment);
            used.add(known.equipment);
          }
        }
        expect(new Set(r.plan.equipment_needed)).toEqual(used);
      }),
      { numRuns: 300 },
    );
  });

  it('never includes a disliked exercise, and prefers liked ones', () => {
    fc.assert(
      fc.property(input, (i) => {
        const names = exercisesOf(planWorkout(i)).map((e) => e.name);
        for (const d of i.disliked) expect(names).not.toContain(d);
      }),
      { numRuns: 300 },
    );
    const base: PlannerInput = {
      date: '2026-03-02',
      equipment: ['calisthenics'],
      preferredDuration: 30,
      weatherDependent: false,
      customPrompt: 'core',
      recentPlans: [],
      liked: [],
      disliked: [],
    };
    const without = exercisesOf(planWorkout(base)).map((e) => e.name);
    const coreMoves = CATALOGUE.filter((e) => e.equipment === 'calisthenics' && e.focus.includes('core')).map(
      (e) => e.name,
    );
    const notChosen = coreMoves.find((n) => !without.includes(n));
    expect(notChosen).toBeDefined();
    const withLike = exercisesOf(planWorkout({ ...base, liked: [notChosen as string] })).map((e) => e.name);
    expect(withLike).toContain(notChosen);
  });

  it('makes the sections add up to the preferred duration within 10%', () => {
    fc.assert(
      fc.property(input, (i) => {
        const r = planWorkout({ ...i, customPrompt: '' });
        const total = r.plan.workout_sections.reduce((s, x) => s + x.duration, 0);
        expect(Math.abs(total - i.preferredDuration)).toBeLessThanOrEqual(i.preferredDuration * 0.1);
        expect(r.plan.estimated_duration).toBe(i.preferredDuration);
      }),
      { numRuns: 300 },
    );
  });

  it('honours focus keywords when the equipment allows them', () => {
    const cases: Array<[string, Focus]> = [
      ['legs', 'legs'],
      ['Lower body today', 'legs'],
      ['core and abs', 'core'],
      ['cardio', 'cardio'],
      ['upper body', 'upper'],
      ['mobility', 'mobility'],
      ['full body', 'full'],
    ];
    fc.assert(
      fc.property(date, fc.integer({ min: 10, max: 120 }), fc.constantFrom(...cases), (d, minutes, [text, focus]) => {
        const r = planWorkout({
          date: d,
          equipment: ALL_EQUIPMENT,
          preferredDuration: minutes,
          weatherDependent: true,
          customPrompt: text,
          recentPlans: [],
          liked: [],
          disliked: [],
        });
        expect(r.focus).toBe(focus);
        const main = r.plan.workout_sections.filter((s) => !/warm-up|cool-down/i.test(s.section_name));
        for (const e of main.flatMap((s) => s.exercises)) {
          const f = catalogueByName.get(e.name.toLowerCase())?.focus ?? [];
          const allowed: Focus[] =
            focus === 'full'
              ? ['full', 'legs', 'upper', 'core']
              : focus === 'mobility'
                ? ['mobility']
                : [focus, 'full'];
          expect(
            f.some((x) => allowed.includes(x)),
            `${e.name} for ${focus}`,
          ).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('reads short, easy and explicit minutes', () => {
    const base = {
      date: '2026-03-02',
      equipment: ALL_EQUIPMENT,
      preferredDuration: 50,
      weatherDependent: false,
      recentPlans: [],
      liked: [],
      disliked: [],
    };
    expect(planWorkout({ ...base, customPrompt: 'short one' }).duration).toBe(30);
    expect(planWorkout({ ...base, customPrompt: '20 minutes of legs' }).duration).toBe(20);
    const easy = planWorkout({ ...base, customPrompt: 'easy legs' });
    expect(easy.intensity).toBe('easy');
    for (const e of exercisesOf(easy)) expect(catalogueByName.get(e.name.toLowerCase())?.hard).toBeFalsy();
    const gentle = planWorkout({ ...base, customPrompt: 'low impact cardio' });
    for (const e of exercisesOf(gentle)) expect(catalogueByName.get(e.name.toLowerCase())?.impact).toBeFalsy();
  });

  it('never repeats yesterday’s focus unasked, and rests after a hard day', () => {
    fc.assert(
      fc.property(date, fc.constantFrom<Focus>('legs', 'upper', 'core', 'cardio', 'full'), (d, focus) => {
        const yesterday = new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const base = {
          date: d,
          equipment: ALL_EQUIPMENT,
          preferredDuration: 30,
          weatherDependent: true,
          liked: [],
          disliked: [],
        };
        const moderate = planWorkout({ ...base, recentPlans: [{ date: yesterday, focus, intensity: 'moderate' }] });
        expect(moderate.focus).not.toBe(focus);
        const hard = planWorkout({ ...base, recentPlans: [{ date: yesterday, focus, intensity: 'hard' }] });
        expect(hard.intensity).toBe('easy');
        expect(hard.focus).toBe('mobility');
        expect(hard.plan.notes).toMatch(/recover/);
      }),
      { numRuns: 50 },
    );
  });

  it('gives outdoor parts an indoor alternative when the workout depends on the weather', () => {
    const r = planWorkout({
      date: '2026-03-02',
      equipment: ['jogging'],
      preferredDuration: 30,
      weatherDependent: true,
      customPrompt: 'cardio',
      recentPlans: [],
      liked: [],
      disliked: [],
    });
    const outdoor = exercisesOf(r).filter((e) => catalogueByName.get(e.name.toLowerCase())?.equipment === 'jogging');
    expect(outdoor.length).toBeGreaterThan(0);
    for (const e of outdoor) expect(e.instructions).toMatch(/If the weather is bad/);
    const indoor = planWorkout({
      date: '2026-03-02',
      equipment: ['jogging', 'peloton bike'],
      preferredDuration: 30,
      weatherDependent: true,
      customPrompt: 'cardio, it is raining so indoors',
      recentPlans: [],
      liked: [],
      disliked: [],
    });
    expect(indoor.plan.equipment_needed).not.toContain('jogging');
  });
});
