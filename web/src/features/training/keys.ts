// The training week's query keys and texts, apart from its schemas: the overview's workout card
// shows today's session with these and loads no zod (see web/build/responseChecks.ts).

export const trainingKeys = {
  all: ['training'] as const,
  rule: ['training', 'rule'] as const,
  /** The week that holds `date` (YYYY-MM-DD). */
  week: (date: string) => ['training', 'week', date] as const,
  /** The overview's read of today's week (checked without zod, so kept apart from `week`). */
  today: (date: string) => ['training', 'today', date] as const,
};
