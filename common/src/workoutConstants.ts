/** Workout constants of the spec (part 2 §3, §9). */
export const EQUIPMENT_OPTIONS = {
  indoor: ['peloton bike'],
  home: ['bowflex weights', 'resistance bands', 'calisthenics'],
  outdoor: ['jogging', 'biking'],
} as const;
export type Equipment =
  | (typeof EQUIPMENT_OPTIONS.indoor)[number]
  | (typeof EQUIPMENT_OPTIONS.home)[number]
  | (typeof EQUIPMENT_OPTIONS.outdoor)[number];
export const ALL_EQUIPMENT: Equipment[] = [
  ...EQUIPMENT_OPTIONS.indoor,
  ...EQUIPMENT_OPTIONS.home,
  ...EQUIPMENT_OPTIONS.outdoor,
];
export const OUTDOOR_EQUIPMENT: readonly Equipment[] = EQUIPMENT_OPTIONS.outdoor;

export const DEFAULT_WORKOUT_PREFERENCES = { weatherDependent: true, preferredDuration: 30 } as const;
export const DEFAULT_EQUIPMENT = {
  indoor: [...EQUIPMENT_OPTIONS.indoor],
  home: [...EQUIPMENT_OPTIONS.home],
  outdoor: [...EQUIPMENT_OPTIONS.outdoor],
};
export const DURATION_MIN = 10;
export const DURATION_MAX = 120;

export const WORKOUT_SKIPPED_TEXT = 'Workout Skipped';

export const WORKOUT_MESSAGES = {
  fetchPlan: 'Failed to fetch workout plan. Please try again.',
  fetchHistory: 'Failed to fetch history. Please try again.',
  deletePlan: 'Failed to delete workout plan. Please try again.',
  deleteLog: 'Failed to delete workout log. Please try again.',
  saveProgress: 'Failed to save progress. Your changes will not persist if you leave the page.',
  saveNotes: 'Failed to save notes. Your changes will not persist if you leave the page.',
  saveFeedback: 'Failed to save feedback',
  saveToLog: 'Failed to save to workout log. Please try again.',
  saveLog: 'Failed to save workout log. Please try again.',
  loadSettings: 'Failed to load settings',
  saveSettings: 'Failed to save settings',
  markOne: 'Please mark at least one exercise before saving to log.',
  historyAuth: 'Authentication required. Please log in to view workout history.',
  connectionLost: 'Connection to server lost during generation.',
  connectionError: 'An error occurred establishing the connection. Check server logs and CORS configuration.',
  unparseableError: 'Received an unparseable error message from the server.',
  emptyError: 'Received an empty error message from the server.',
  unparseablePlan: 'Received workout data but failed to parse it.',
  incompletePlan: 'Received incomplete workout data from the server.',
  confirmDeletePlan: 'Are you sure you want to delete this workout plan?',
  confirmDeleteLog: 'Are you sure you want to delete this workout log?',
  noPlans: 'No workout plans found.',
  noLogs: 'No workout logs found.',
  noPlanToday: 'No workout plan for today!',
  notToday: "This is not today's workout.",
  generating: 'Generating your workout plan...',
  initializing: 'Initializing connection...',
  connectionEstablished: 'Connection established, fetching history...',
  generated: 'Workout generated successfully!',
} as const;
export const generationFailed = (error: string, details?: string) =>
  `Generation failed: ${error}${details ? ` (${details})` : ''}`;

export const SUCCESS_BANNER_MS = 3000;
export const ERROR_BANNER_MS = 5000;
export const REASONING_LOADER_MS = 300;
