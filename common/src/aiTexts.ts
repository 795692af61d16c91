/**
 * What users read about the AI model, shared by server and web. Plain words only: how to connect
 * a model (the environment variables, the README) is for administrators, and the server writes
 * that to its log (`server/src/ai/errors.ts`), never to a screen.
 */
export const AI_TEXTS = {
  /** Why free questions get no written answer. */
  notConnected: 'Your administrator has not connected an AI model to Daymark.',
  /** What the coaches still do without one. */
  offlineStillWorks:
    'The offline Executive Daily Briefing and Strategic Day Review still work: they are built straight from your journal, todos and workouts.',
  /** The coach's reply to a free question without a model. */
  coachReply:
    "Your administrator has not connected an AI model to Daymark, so I can't answer free questions.\n\nThe **Executive Daily Briefing** and the **Strategic Day Review** in the Assistant still work: they are built straight from your journal, todos and workouts. Workout plans come from the offline planner.",
  /** The line under an offline report. */
  offlineReportNote: (what: string) =>
    `Built from your journal, todos and workouts. A written ${what} needs an AI model, which your administrator has not connected.`,
  /** The line under the weekly planning guide. */
  planningGuideNote:
    'Planning guide: these questions come from your own data, because your administrator has not connected an AI model.',
} as const;

/** The phrases no user-facing text may contain (checked by tests over every text above and the server's). */
export const ADMIN_ONLY_WORDS = [/\bLLM_[A-Z_]+/, /README/i, /\benvironment\b/i, /_URL\b/, /_KEY\b/] as const;
