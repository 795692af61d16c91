import type { App, AppContext } from '../context.js';
import { mcpRoutes } from '../mcp/routes.js';
import { activityRoutes } from './activities/routes.js';
import { apiKeyRoutes } from './apiKeys/routes.js';
import { authRoutes } from './auth/routes.js';
import { calendarRoutes } from './calendar/routes.js';
import { coachRoutes } from './coach/routes.js';
import { cronRoutes } from './cron/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { dataTransferRoutes } from './dataTransfer/routes.js';
import { healthRoutes } from './health/routes.js';
import { journalRoutes } from './journal/routes.js';
import { notesRoutes } from './notes/routes.js';
import { reminderRoutes } from './reminders/routes.js';
import { searchRoutes } from './search/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { statsRoutes } from './stats/routes.js';
import { todoRoutes } from './todos/routes.js';
import { trainingRoutes } from './training/routes.js';
import { transcriptRoutes } from './transcripts/routes.js';
import { weeklyRoutes } from './weekly/routes.js';
import { workoutRoutes } from './workout/routes.js';

/** Every feature's routes. A new feature adds one line here. */
const features: Array<(app: App, ctx: AppContext) => Promise<void>> = [
  healthRoutes,
  authRoutes,
  todoRoutes,
  journalRoutes,
  notesRoutes,
  workoutRoutes,
  trainingRoutes,
  activityRoutes,
  coachRoutes,
  settingsRoutes,
  transcriptRoutes,
  weeklyRoutes,
  dashboardRoutes,
  statsRoutes,
  dataTransferRoutes,
  cronRoutes,
  calendarRoutes,
  apiKeyRoutes,
  reminderRoutes,
  searchRoutes,
  mcpRoutes,
];

export async function registerFeatures(app: App, ctx: AppContext) {
  for (const register of features) await register(app, ctx);
}
