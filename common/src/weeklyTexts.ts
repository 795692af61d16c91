/** Spec texts and constants of weekly planning (part 2 §4, §8, §9). */
export const WEEKLY_TEXT = {
  saved: 'Weekly planning saved successfully!',
  noChanges: 'No changes to save',
  notEditable: 'This week is no longer editable. You can only edit the current week until Saturday at 11:59 PM.',
  readOnlyBanner: "This week's plan is no longer editable...",
  noPlan: 'No weekly plan found for the specified date',
  conversationNotFound: 'Conversation not found',
  loadConversationFailed: 'Failed to load conversation. Please try again.',
  startFailed: (msg: string) => `Failed to start planning conversation: ${msg}`,
  responseFailed: (msg: string) => `Failed to get response: ${msg}`,
  resetFailed: 'Failed to reset conversation. Please try again.',
  loadFailed: 'Failed to load journal entry. Please try again.',
  saveFailed: 'Failed to save journal entry. Please try again.',
  exportFailed: 'Failed to export to Markdown. Please try again.',
  fallbackGreeting:
    "Hi! Let's plan your week. What went well last week, and what are the three things that matter most this week?",
  apology: "Sorry, I couldn't answer just now. Please try again in a moment.",
  invalidGoals: "The coach's goal suggestions could not be read, so no goals were added.",
  moreEvents: (n: number) => `And ${n} more events`,
  connectCalendar: 'Connect your calendar to see this week’s events here.',
  startOverConfirm: 'Start over? This deletes the planning conversation of this week.',
} as const;

/** Three meta-goal slots, labelled 'Goal 1' to 'Goal 3'. */
export const META_GOAL_SLOTS = 3;
/** The most goals a plan saves (slots plus the coach's merged suggestions). */
export const META_GOALS_MAX = 12;
export const WEEKLY_CHAT_AUTOSAVE_MS = 3000;
export const CALENDAR_CACHE_MS = 900_000;
/** Days of events fetched from the week's Monday. */
export const CALENDAR_WINDOW_DAYS = 14;
export const CALENDAR_LISTED = 5;
export const REFLECTIONS_FETCHED = 25;
/** The editor's reflection summary. */
export const SUMMARY_LIMITS = { list: 5, short: 3, frustrationChars: 100 } as const;
/** The saved weekly view (notes viewer). */
export const SAVED_SUMMARY_LIMITS = { list: 3, short: 2 } as const;
