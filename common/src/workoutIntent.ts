import type { Focus } from './workoutCatalogue.js';
import { DURATION_MAX, DURATION_MIN } from './workoutConstants.js';

export type Intensity = 'easy' | 'moderate' | 'hard';

export interface WorkoutIntent {
  focus: Focus | null;
  intensity: Intensity | null;
  /** Minutes asked for in the text ("20 minutes", "short"), or null to keep the preference. */
  duration: number | null;
  lowImpact: boolean;
  indoorOnly: boolean;
}

const FOCUS_WORDS: Array<[Focus, RegExp]> = [
  ['mobility', /\b(mobility|stretch(ing)?|yoga|flexib(le|ility)|recovery|restorative)\b/],
  ['full', /\bfull[- ]?body\b|\btotal[- ]?body\b/],
  ['upper', /\bupper[- ]?body\b|\b(arms?|chest|back|shoulders?|biceps?|triceps?|push|pull)\b/],
  ['legs', /\b(legs?|lower[- ]?body|glutes?|quads?|hamstrings?|squats?)\b/],
  ['core', /\b(core|abs|abdominals?|obliques?|plank)\b/],
  ['cardio', /\b(cardio|endurance|conditioning|hiit|run(ning)?|jog(ging)?|ride|cycling|bike|peloton)\b/],
];

/**
 * Reads the free-text focus and special instructions for what the planner understands:
 * a focus, an intensity, a duration, low impact and indoor-only. Anything else is kept as a note.
 */
export function parseIntent(text: string, preferredDuration: number): WorkoutIntent {
  const t = text.toLowerCase();
  const focus = FOCUS_WORDS.find(([, re]) => re.test(t))?.[0] ?? null;
  let intensity: Intensity | null = null;
  if (/\b(easy|light|gentle|recovery|tired|sore|relaxed)\b/.test(t)) intensity = 'easy';
  else if (/\b(hard|intense|challenging|tough|hiit|push me)\b/.test(t)) intensity = 'hard';
  else if (/\bmoderate\b/.test(t)) intensity = 'moderate';

  let duration: number | null = null;
  const minutes = t.match(/\b(\d{1,3})\s*(-\s*)?(min|mins|minute|minutes)\b/);
  if (minutes) duration = Number(minutes[1]);
  else if (/\b(short|quick|brief)\b/.test(t)) duration = Math.round(preferredDuration * 0.6);
  else if (/\b(long|longer|extended)\b/.test(t)) duration = Math.round(preferredDuration * 1.5);
  if (duration !== null) duration = Math.min(DURATION_MAX, Math.max(DURATION_MIN, duration));

  return {
    focus,
    intensity,
    duration,
    lowImpact: /\b(low[- ]impact|no jump(ing|s)?|knees?|joints?|quiet|apartment)\b/.test(t),
    indoorOnly: /\b(indoors?|inside|rain(y|ing)?|snow(y|ing)?|storm)\b/.test(t),
  };
}
