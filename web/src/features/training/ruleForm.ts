import { TRAINING_LIMITS, TRAINING_TEXTS, type TrainingRuleValue } from '#common/api/training.js';
import { clockMinutes } from '#common/trainingWeek.js';

/** The rule form's values as typed (numbers stay text until they are checked). */
export interface RuleForm {
  enabled: boolean;
  sessions: string;
  minMinutes: string;
  preferredMinutes: string;
  days: number[];
  windows: Array<{ start: string; end: string }>;
  buffer: string;
  writeToCalendar: boolean;
}

export interface RuleErrors {
  sessions?: string;
  minMinutes?: string;
  preferredMinutes?: string;
  buffer?: string;
  days?: string;
  windows?: string;
  /** Per window, in the form's order. */
  window: Array<{ start?: string; end?: string; order?: string } | undefined>;
}

export const formOf = (rule: TrainingRuleValue): RuleForm => ({
  enabled: rule.enabled,
  sessions: String(rule.sessions_per_week),
  minMinutes: String(rule.min_minutes),
  preferredMinutes: String(rule.preferred_minutes),
  days: [...rule.days].sort((a, b) => a - b),
  windows: rule.windows.map((w) => ({ start: w.start, end: w.end })),
  buffer: String(rule.buffer_minutes),
  writeToCalendar: rule.write_to_calendar,
});

/** Whether two forms say the same (days in any order, numbers as numbers). */
export function sameForm(a: RuleForm, b: RuleForm): boolean {
  const norm = (f: RuleForm) =>
    JSON.stringify({
      ...f,
      sessions: f.sessions.trim(),
      minMinutes: f.minMinutes.trim(),
      preferredMinutes: f.preferredMinutes.trim(),
      buffer: f.buffer.trim(),
      days: [...new Set(f.days)].sort((x, y) => x - y),
    });
  return norm(a) === norm(b);
}

/** A whole number in the text, or null. */
function whole(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  return Number(t);
}

const rangeError = (text: string, min: number, max: number, unit: string) => {
  const n = whole(text);
  return n === null || n < min || n > max ? `Enter a whole number${unit} from ${min} to ${max}.` : undefined;
};

/** The checks the server makes (common/src/api/training.ts), with its messages. */
export function checkForm(f: RuleForm): RuleErrors {
  const { sessionsMin, sessionsMax, minutesMin, minutesMax, bufferMax } = TRAINING_LIMITS;
  const errors: RuleErrors = {
    sessions: rangeError(f.sessions, sessionsMin, sessionsMax, ''),
    minMinutes: rangeError(f.minMinutes, minutesMin, minutesMax, ' of minutes'),
    preferredMinutes: rangeError(f.preferredMinutes, minutesMin, minutesMax, ' of minutes'),
    buffer: rangeError(f.buffer, 0, bufferMax, ' of minutes'),
    days: f.days.length === 0 ? TRAINING_TEXTS.noDays : undefined,
    windows:
      f.windows.length === 0
        ? TRAINING_TEXTS.noWindows
        : f.windows.length > TRAINING_LIMITS.windowsMax
          ? `At most ${TRAINING_LIMITS.windowsMax} time windows.`
          : undefined,
    window: f.windows.map((w) => {
      const start = clockMinutes(w.start);
      const end = clockMinutes(w.end);
      const e = {
        start: start === null ? (w.start ? 'Use a time written HH:MM, e.g. 07:30' : 'Enter a start time.') : undefined,
        end: end === null ? (w.end ? 'Use a time written HH:MM, e.g. 07:30' : 'Enter an end time.') : undefined,
        order: start !== null && end !== null && end <= start ? TRAINING_TEXTS.windowOrder : undefined,
      };
      return e.start || e.end || e.order ? e : undefined;
    }),
  };
  if (!errors.minMinutes && !errors.preferredMinutes && Number(f.minMinutes) > Number(f.preferredMinutes))
    errors.minMinutes = TRAINING_TEXTS.minAbovePreferred;
  return errors;
}

export const hasErrors = (e: RuleErrors) =>
  !!(e.sessions || e.minMinutes || e.preferredMinutes || e.buffer || e.days || e.windows || e.window.some(Boolean));

/** The rule a checked form sends. */
export const ruleOf = (f: RuleForm): TrainingRuleValue => ({
  enabled: f.enabled,
  sessions_per_week: Number(f.sessions),
  min_minutes: Number(f.minMinutes),
  preferred_minutes: Number(f.preferredMinutes),
  days: [...new Set(f.days)].sort((a, b) => a - b),
  windows: f.windows.map((w) => ({ start: w.start, end: w.end })),
  buffer_minutes: Number(f.buffer),
  write_to_calendar: f.writeToCalendar,
});
