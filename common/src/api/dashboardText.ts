// The overview's texts apart from its schemas, so that the overview screen loads no zod.

/** Spec texts of the Overview (part 1 §2 'Dashboard applet', §8 'Overview'). */
export const OVERVIEW_TEXT = {
  goalTitle: "Today's Goal",
  noGoal: 'No personal goal set for today yet.',
  viewJournal: 'View Journal',
  workoutTitle: "Today's Workout",
  workoutReady: 'Ready for you to start!',
  startNow: 'Start Now',
  noWorkout: 'No workout planned for today',
  generateWorkout: 'Generate Workout',
  weekTitle: 'This Week',
  calendarTitle: "Today's Calendar",
  connectCalendar: 'Connect your calendar to see today’s events here.',
  connectLink: 'Calendar Settings',
  fetchFailed: 'Failed to fetch data. Please try again.',
} as const;
