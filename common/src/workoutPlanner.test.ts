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
  // Up to 10 dislikes: there are 11 exercises needing no equipment, so an alternative always exists.
  disliked: fc.subarray(allNames, { maxLength: 10 }),
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

  it('plans an easier session after a long recorded activity yesterday or a heavy recorded week', () => {
    const base = {
      date: '2026-03-04',
      equipment: ALL_EQUIPMENT,
      preferredDuration: 40,
      weatherDependent: false,
      recentPlans: [],
      liked: [],
      disliked: [],
    };
    const fresh = planWorkout(base);
    expect(fresh.intensity).toBe('moderate');
    const run = { date: '2026-03-03', sport: 'running' as const, minutes: 105, distance_km: 20.1 };
    const afterRun = planWorkout({ ...base, recentActivities: [run] });
    expect(afterRun.intensity).toBe('easy');
    expect(afterRun.plan.notes).toContain("Yesterday's run (20.1 km in 105 minutes) was a long one");
    // A short one yesterday changes nothing; one two days ago neither.
    expect(planWorkout({ ...base, recentActivities: [{ ...run, minutes: 30 }] }).intensity).toBe('moderate');
    expect(planWorkout({ ...base, recentActivities: [{ ...run, date: '2026-03-02' }] }).intensity).toBe('moderate');
    // Seven and a half hours over the week before (none of it yesterday): easier, and said why.
    const week = ['2026-02-25', '2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01'].map((date) => ({
      date,
      sport: 'cycling' as const,
      minutes: 90,
      distance_km: 45,
    }));
    const heavy = planWorkout({ ...base, recentActivities: week });
    expect(heavy.intensity).toBe('easy');
    expect(heavy.plan.notes).toContain('Your watch recorded 7.5 hours of training in the last 7 days');
    // Asking for intensity wins over the load.
    expect(planWorkout({ ...base, customPrompt: 'hard legs', recentActivities: [run] }).intensity).toBe('hard');
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

describe('a plan for a training session', () => {
  const sessionArb = fc.record({
    minutes: fc.integer({ min: 10, max: 180 }),
    start_time: fc.constantFrom('06:30', '07:00', '12:15', '18:59', '19:00', '21:30'),
  });

  it('never runs past its session, and its sections add up to what it says', () => {
    fc.assert(
      fc.property(input, sessionArb, fc.constantFrom('', 'a 90 minute session', 'short'), (i, session, ask) => {
        const { plan } = planWorkout({ ...i, customPrompt: ask, session });
        const total = plan.workout_sections.reduce((n, s) => n + s.duration, 0);
        expect(plan.estimated_duration).toBeLessThanOrEqual(session.minutes);
        expect(total).toBe(plan.estimated_duration);
      }),
      { numRuns: 200 },
    );
  });

  it('a 25-minute lunch slot and a 60-minute evening give different plans, warm-up and cool-down scaled', () => {
    const base: PlannerInput = {
      date: '2026-12-09',
      equipment: ['bowflex weights', 'resistance bands', 'calisthenics', 'jogging'],
      preferredDuration: 45,
      weatherDependent: true,
      recentPlans: [],
      liked: [],
      disliked: [],
    };
    const lunch = planWorkout({ ...base, session: { minutes: 25, start_time: '12:30' } }).plan;
    const evening = planWorkout({ ...base, session: { minutes: 60, start_time: '19:30' } }).plan;
    expect(lunch.estimated_duration).toBe(25);
    expect(evening.estimated_duration).toBe(60);
    const first = (p: typeof lunch) => p.workout_sections[0]?.duration ?? 0;
    const last = (p: typeof lunch) => p.workout_sections.at(-1)?.duration ?? 0;
    expect(first(lunch)).toBeLessThan(first(evening));
    expect(last(lunch)).toBeLessThan(last(evening));
    expect(lunch.notes).toContain('Sized to fit your 25-minute session at 12:30.');
    // After dark: nothing outdoors.
    expect(evening.equipment_needed).not.toContain('jogging');
    expect(evening.notes).toContain('Planned indoors: the session is outside daylight hours.');
    const asked = planWorkout({ ...base, customPrompt: '50 minutes', session: { minutes: 30, start_time: '12:00' } });
    expect(asked.plan.estimated_duration).toBe(30);
    expect(asked.plan.notes).toContain('Kept to 30 minutes to fit your 30-minute session at 12:00 (you asked for 50).');
  });
});
