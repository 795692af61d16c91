import { SPORT_LABELS, type Sport } from './api/activities.js';
import type { Exercise, WorkoutPlan, WorkoutSection } from './api/workout.js';
import { CATALOGUE, type CatalogueExercise, type Focus, type Role } from './workoutCatalogue.js';
import { type Equipment, OUTDOOR_EQUIPMENT } from './workoutConstants.js';
import { type Intensity, parseIntent, type WorkoutIntent } from './workoutIntent.js';

export interface PlannerInput {
  date: string;
  equipment: Equipment[];
  preferredDuration: number;
  weatherDependent: boolean;
  /** Focus and special instructions as typed by the user. */
  customPrompt?: string;
  /** Earlier plans, any order: their date, focus and intensity. */
  recentPlans: Array<{ date: string; focus: string | null; intensity: string | null }>;
  liked: string[];
  disliked: string[];
  /**
   * The training session the plan is for (features/training): its length in minutes and local
   * start (HH:MM). The plan fits it, warm-up and cool-down scaled with it; a session outside
   * daylight (before DAYLIGHT_FROM or from DAYLIGHT_UNTIL) is planned indoors.
   */
  session?: { minutes: number; start_time: string };
  /**
   * Activities recorded by a watch or bike computer in the days before (features/activities),
   * any order: a long one yesterday, or a heavy week, makes today easier.
   */
  recentActivities?: RecordedActivity[];
}

export interface RecordedActivity {
  date: string;
  sport: Sport;
  minutes: number;
  distance_km: number;
}

/** A recorded activity of at least this many minutes the day before makes today an easier session. */
export const LONG_ACTIVITY_MINUTES = 60;
/** Recorded minutes over the 7 days before that make today an easier session (seven hours). */
export const HEAVY_WEEK_MINUTES = 420;

/** Local hours taken as daylight for outdoor parts of a session (no forecast or sunset is known). */
export const DAYLIGHT_FROM = '07:00';
export const DAYLIGHT_UNTIL = '19:00';
export const inDaylight = (startTime: string) => startTime >= DAYLIGHT_FROM && startTime < DAYLIGHT_UNTIL;

/** The minutes a plan is made for: what the text asks, else the session's or the usual length, never past the session. */
export function targetMinutes(input: Pick<PlannerInput, 'customPrompt' | 'preferredDuration' | 'session'>): number {
  const asked = parseIntent(input.customPrompt ?? '', input.preferredDuration).duration;
  const usual = input.session?.minutes ?? input.preferredDuration;
  const wanted = asked ?? usual;
  return input.session ? Math.min(wanted, input.session.minutes) : wanted;
}

export interface PlannerResult {
  plan: WorkoutPlan;
  focus: Focus;
  intensity: Intensity;
  duration: number;
}

export const FOCUS_LABELS: Record<Focus, string> = {
  legs: 'Lower Body Strength',
  upper: 'Upper Body Strength',
  core: 'Core Strength & Stability',
  cardio: 'Cardio Endurance',
  mobility: 'Mobility & Recovery',
  full: 'Full Body Strength',
};
const FOCUS_WORDS: Record<Focus, string> = {
  legs: 'legs',
  upper: 'upper body',
  core: 'core',
  cardio: 'cardio',
  mobility: 'mobility',
  full: 'full body',
};
const ROTATION: Focus[] = ['legs', 'upper', 'cardio', 'core', 'full'];
const CONTINUOUS: readonly Equipment[] = ['peloton bike', 'jogging', 'biking'];

const DOSE: Record<Intensity, { reps: number; rest: number; work: number }> = {
  easy: { reps: 8, rest: 90, work: 20 },
  moderate: { reps: 10, rest: 60, work: 30 },
  hard: { reps: 12, rest: 45, work: 45 },
};

function seededRandom(seed: string) {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const dayBefore = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Splits `total` into `parts` whole numbers that add up to it exactly. */
function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total - base * parts ? 1 : 0));
}

function fmtTime(seconds: number) {
  if (seconds < 60 || (seconds < 180 && seconds % 60 !== 0)) return `${seconds} seconds`;
  const m = Math.round(seconds / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
}

class Picker {
  private used = new Set<string>();
  constructor(
    private pool: CatalogueExercise[],
    private liked: Set<string>,
    private random: () => number,
  ) {}

  /** The best `n` exercises for a role and focus, liked ones first, never one already used. */
  pick(role: Role, focuses: Focus[], n: number, filter: (e: CatalogueExercise) => boolean = () => true) {
    const candidates = this.pool
      .filter((e) => e.roles.includes(role) && !this.used.has(e.name) && filter(e))
      .map((e) => {
        const idx = focuses.findIndex((f) => e.focus.includes(f));
        const score =
          (idx === -1 ? -10 : 3 - idx * 0.5) + (this.liked.has(e.name.toLowerCase()) ? 2 : 0) + this.random() * 1.5;
        return { e, score, matches: idx !== -1 };
      })
      .filter((c) => c.matches)
      .sort((a, b) => b.score - a.score);
    const chosen = candidates.slice(0, n).map((c) => c.e);
    for (const e of chosen) this.used.add(e.name);
    return chosen;
  }

  /** Like pick, but never empty while the pool has anything: other roles, repeats, then any focus. */
  fill(role: Role, focuses: Focus[], n: number): CatalogueExercise[] {
    const strict = this.pick(role, focuses, n);
    if (strict.length) return strict;
    const timed = this.pool.filter((e) => e.mode === 'time');
    const onFocus = timed.filter((e) => e.focus.some((f) => focuses.includes(f)));
    for (const group of [
      onFocus.filter((e) => !this.used.has(e.name)),
      onFocus,
      timed.filter((e) => !this.used.has(e.name)),
      timed,
    ]) {
      if (group.length === 0) continue;
      const chosen = group.slice(0, n);
      for (const e of chosen) this.used.add(e.name);
      return chosen;
    }
    return [];
  }
}

/** What today should be: focus and intensity from the text, the history and the equipment. */
function decide(input: PlannerInput, intent: WorkoutIntent, pool: CatalogueExercise[], notes: string[]) {
  const yesterday = input.recentPlans.find((p) => p.date === dayBefore(input.date));
  const feasible = (f: Focus) =>
    f === 'mobility' ||
    (f === 'cardio'
      ? pool.some((e) => e.roles.includes('main') && e.focus.includes('cardio') && e.equipment !== null)
      : pool.filter((e) => e.roles.includes('main') && e.focus.includes(f) && e.equipment !== null).length >= 2);

  let intensity: Intensity = intent.intensity ?? 'moderate';
  const recorded = input.recentActivities ?? [];
  const trainedDays = [1, 2, 3].filter(
    (d) =>
      input.recentPlans.some((p) => p.date === dayBefore(input.date, d)) ||
      recorded.some((a) => a.date === dayBefore(input.date, d)),
  );
  const afterHardDay = yesterday?.intensity === 'hard';
  const longYesterday = recorded
    .filter((a) => a.date === dayBefore(input.date) && a.minutes >= LONG_ACTIVITY_MINUTES)
    .sort((a, b) => b.minutes - a.minutes)[0];
  const weekMinutes = recorded
    .filter((a) => a.date < input.date && a.date >= dayBefore(input.date, 7))
    .reduce((sum, a) => sum + a.minutes, 0);
  const heavyWeek = weekMinutes >= HEAVY_WEEK_MINUTES;
  const restNeeded = !intent.intensity && (afterHardDay || !!longYesterday || heavyWeek || trainedDays.length === 3);
  if (restNeeded) {
    intensity = 'easy';
    notes.push(
      afterHardDay
        ? "Yesterday's session was hard, so today is an easier session to let your body recover."
        : longYesterday
          ? `Yesterday's ${SPORT_LABELS[longYesterday.sport].toLowerCase()} (${longYesterday.distance_km > 0 ? `${longYesterday.distance_km} km in ` : ''}${longYesterday.minutes} minutes) was a long one, so today is an easier session to let your body recover.`
          : heavyWeek
            ? `Your watch recorded ${Math.round(weekMinutes / 6) / 10} hours of training in the last 7 days, so today is an easier session.`
            : 'You have trained three days in a row, so today is an easier session.',
    );
  }

  let focus: Focus;
  if (intent.focus && feasible(intent.focus)) {
    focus = intent.focus;
    if (yesterday?.focus === focus)
      notes.push(`You asked for ${FOCUS_WORDS[focus]} again, so volume is kept moderate.`);
  } else {
    if (intent.focus) {
      notes.push(
        `Your equipment does not support a ${FOCUS_WORDS[intent.focus]} session, so another focus was chosen.`,
      );
    }
    if (restNeeded) focus = 'mobility';
    else {
      const options = ROTATION.filter((f) => feasible(f) && f !== yesterday?.focus);
      if (options.length === 0) focus = 'mobility';
      else {
        // The focus trained least recently in the past week comes first.
        const lastDone = (f: Focus) =>
          input.recentPlans
            .filter((p) => p.focus === f && p.date < input.date)
            .map((p) => p.date)
            .sort()
            .at(-1) ?? '';
        options.sort((a, b) => lastDone(a).localeCompare(lastDone(b)));
        focus = options[0] as Focus;
        if (yesterday?.focus && yesterday.focus !== focus && yesterday.focus in FOCUS_WORDS) {
          notes.push(
            `Yesterday focused on ${FOCUS_WORDS[yesterday.focus as Focus]}, so today works ${FOCUS_WORDS[focus]}.`,
          );
        }
      }
    }
  }
  if (focus === 'mobility' && !intent.intensity) intensity = 'easy';
  return { focus, intensity };
}

function reasoning(e: CatalogueExercise, focus: Focus, role: Role, liked: boolean, weatherDependent: boolean) {
  const why =
    role === 'warmup'
      ? `Warm-up: it ${e.benefit}.`
      : role === 'cooldown'
        ? `Cool-down: it ${e.benefit}.`
        : `It ${e.benefit}, which fits today's ${FOCUS_WORDS[focus]} focus.`;
  const uses =
    e.equipment === 'calisthenics'
      ? ' It needs only your body weight.'
      : e.equipment
        ? ` It uses your ${e.equipment}.`
        : ' It needs no equipment.';
  const like = liked ? ' You liked it before.' : '';
  const weather =
    weatherDependent && e.indoorAlternative
      ? ` No forecast is available, so if the weather is bad: ${e.indoorAlternative}.`
      : '';
  return `${why}${uses}${like}${weather}`;
}

function instructionsOf(e: CatalogueExercise, weatherDependent: boolean) {
  return weatherDependent && e.indoorAlternative
    ? `${e.instructions} If the weather is bad, ${e.indoorAlternative}.`
    : e.instructions;
}

/** Turns chosen exercises and the section's minutes into doses whose time adds up to the section. */
function dose(chosen: CatalogueExercise[], minutes: number, role: Role, intensity: Intensity) {
  const shares = split(minutes * 60, chosen.length);
  const d = DOSE[intensity];
  return chosen.map((e, i) => {
    const seconds = shares[i] as number;
    if (role !== 'main' || (e.mode === 'time' && (e.equipment === null || CONTINUOUS.includes(e.equipment)))) {
      const rounded = Math.max(30, Math.round(seconds / 30) * 30);
      return { e, duration_or_reps: fmtTime(rounded), sets: 1, rest: 'None' };
    }
    if (e.mode === 'time') {
      const setLen = d.work + d.rest / 2;
      const sets = Math.max(1, Math.min(8, Math.round(seconds / setLen)));
      return { e, duration_or_reps: `${d.work} seconds`, sets, rest: `${d.rest / 2} seconds` };
    }
    const setLen = d.reps * 4 + d.rest;
    const sets = Math.max(2, Math.min(6, Math.round(seconds / setLen)));
    return { e, duration_or_reps: `${d.reps} reps`, sets, rest: `${d.rest} seconds` };
  });
}

/**
 * The offline planner: builds today's plan from the exercise catalogue, the user's equipment,
 * time, weather preference, recent plans, feedback and free text. Deterministic for its input.
 */
export function planWorkout(input: PlannerInput): PlannerResult {
  const asked = parseIntent(input.customPrompt ?? '', input.preferredDuration);
  const dark = input.session !== undefined && !inDaylight(input.session.start_time);
  const intent = dark ? { ...asked, indoorOnly: true } : asked;
  const disliked = new Set(input.disliked.map((n) => n.trim().toLowerCase()));
  const liked = new Set(input.liked.map((n) => n.trim().toLowerCase()));
  const have = new Set(input.equipment);
  const pool = CATALOGUE.filter(
    (e) =>
      (e.equipment === null || have.has(e.equipment)) &&
      !disliked.has(e.name.toLowerCase()) &&
      !(intent.lowImpact && e.impact) &&
      !(intent.indoorOnly && e.equipment && OUTDOOR_EQUIPMENT.includes(e.equipment)),
  );
  const notes: string[] = [];
  if (!pool.some((e) => e.mode === 'time')) {
    // Everything possible was disliked: plan gentle stretches rather than nothing.
    pool.push(...CATALOGUE.filter((e) => e.equipment === null && !pool.includes(e)));
    notes.push('You have disliked every exercise your equipment allows, so this plan uses gentle stretches.');
  }
  const { focus, intensity } = decide(input, intent, pool, notes);
  const random = seededRandom(`${input.date}|${focus}|${intensity}|${input.customPrompt ?? ''}`);
  const picker = new Picker(
    pool.filter((e) => !(intensity === 'easy' && e.hard)),
    liked,
    random,
  );

  const total = targetMinutes(input);
  const warm = Math.max(2, Math.round(total * 0.15));
  const cool = Math.max(2, Math.round(total * 0.12));
  const main = total - warm - cool;
  const blocks = split(main, Math.ceil(main / 40));

  const related: Focus[] =
    focus === 'full' ? ['full', 'legs', 'upper', 'core'] : focus === 'mobility' ? ['mobility'] : [focus, 'full'];
  const sections: Array<{ name: string; minutes: number; role: Role; chosen: CatalogueExercise[] }> = [];

  const warmups = picker.fill('warmup', [focus, 'mobility', 'cardio'], Math.min(3, Math.max(1, Math.round(warm / 2))));
  sections.push({ name: 'Warm-up', minutes: warm, role: 'warmup', chosen: warmups });

  blocks.forEach((minutes, i) => {
    let chosen: CatalogueExercise[];
    if (focus === 'cardio') {
      const continuous = picker.pick(
        'main',
        ['cardio'],
        minutes >= 30 ? 2 : 1,
        (e) => e.mode === 'time' && !!e.equipment && CONTINUOUS.includes(e.equipment),
      );
      chosen = continuous.length
        ? continuous
        : picker.pick(
            'main',
            ['cardio', 'core', 'full'],
            Math.min(5, Math.max(2, Math.round(minutes / 4))),
            (e) => e.equipment !== null,
          );
    } else if (focus === 'mobility') {
      chosen = picker.pick('main', ['mobility'], Math.min(8, Math.max(2, Math.round(minutes / 3))));
    } else {
      const n = Math.min(6, Math.max(2, Math.round(minutes / 5)));
      const strength = (e: CatalogueExercise) => !(e.equipment && CONTINUOUS.includes(e.equipment));
      chosen =
        focus === 'full'
          ? (['legs', 'upper', 'core'] as Focus[]).flatMap((f, k) =>
              picker.pick('main', [f, 'full'], Math.ceil((n - k) / 3), strength),
            )
          : picker.pick('main', related, n, strength);
    }
    // Small pools (few items of equipment): fall back to mobility work so the time is still used well.
    if (chosen.length === 0) chosen = picker.fill('main', ['mobility'], 3);
    const name = blocks.length > 1 ? `${mainName(focus)} — Block ${i + 1}` : mainName(focus);
    sections.push({ name, minutes, role: 'main', chosen });
  });

  const cooldowns = picker.fill('cooldown', ['mobility', focus], Math.min(3, Math.max(1, Math.round(cool / 2))));
  sections.push({ name: 'Cool-down', minutes: cool, role: 'cooldown', chosen: cooldowns });

  const workout_sections: WorkoutSection[] = sections.map((s) => ({
    section_name: s.name,
    duration: s.minutes,
    exercises: dose(s.chosen, s.minutes, s.role, intensity).map(
      (d): Exercise => ({
        name: d.e.name,
        instructions: instructionsOf(d.e, input.weatherDependent),
        duration_or_reps: d.duration_or_reps,
        sets: d.sets,
        rest_between_sets: d.rest,
        reasoning: reasoning(d.e, focus, s.role, liked.has(d.e.name.toLowerCase()), input.weatherDependent),
      }),
    ),
  }));

  const used = [...new Set(sections.flatMap((s) => s.chosen.map((e) => e.equipment)).filter((e) => e !== null))];
  if (input.weatherDependent && used.some((e) => OUTDOOR_EQUIPMENT.includes(e))) {
    notes.push('Outdoor parts depend on the weather: each one lists an indoor alternative.');
  }
  if (intent.lowImpact) notes.push('Kept low impact: no jumping or running.');
  if (input.session) {
    const session = `your ${input.session.minutes}-minute session at ${input.session.start_time}`;
    notes.push(
      intent.duration !== null && intent.duration > input.session.minutes
        ? `Kept to ${total} minutes to fit ${session} (you asked for ${intent.duration}).`
        : `Sized to fit ${session}.`,
    );
    if (dark && !asked.indoorOnly) notes.push('Planned indoors: the session is outside daylight hours.');
  } else if (intent.duration !== null && intent.duration !== input.preferredDuration) {
    notes.push(`Set to ${total} minutes as you asked (your usual is ${input.preferredDuration}).`);
  }
  if (input.customPrompt?.trim()) notes.push(`Your request: ${input.customPrompt.trim()}`);
  notes.push('Stop any exercise that causes pain, and drink water as you go.');

  const equipmentText = used.length ? used.join(', ') : 'no equipment';
  return {
    plan: {
      title: `${total}-Minute ${intensity === 'hard' && focus === 'cardio' ? 'Cardio Intervals' : FOCUS_LABELS[focus]}`,
      description: `A ${intensity} ${total}-minute session focused on ${FOCUS_WORDS[focus]}, using ${equipmentText}.`,
      estimated_duration: total,
      equipment_needed: used,
      notes: notes.join(' '),
      workout_sections,
    },
    focus,
    intensity,
    duration: total,
  };
}

function mainName(focus: Focus) {
  return focus === 'cardio'
    ? 'Cardio'
    : focus === 'mobility'
      ? 'Mobility Flow'
      : focus === 'full'
        ? 'Full Body Circuit'
        : FOCUS_LABELS[focus];
}
