import type { BenchScenario } from '../types.js';
import { activityImportScenario } from './activityImport.js';
import { authScenario } from './auth.js';
import { calendarScenario } from './calendar.js';
import { coachScenario } from './coach.js';
import { cronScenario } from './cron.js';
import { dashboardScenario } from './dashboard.js';
import { heavyAccountScenario } from './heavyAccount.js';
import { journalScenario } from './journal.js';
import { llmStreamScenario } from './llmStream.js';
import { loginFloodScenario } from './loginFlood.js';
import { mcpScenario } from './mcp.js';
import { searchScenario } from './search.js';
import { startupScenario } from './startup.js';
import { transcriptsScenario } from './transcripts.js';
import { webAppScenario } from './webApp.js';
import { weeklyScenario } from './weekly.js';
import { workoutScenario } from './workout.js';
import { writesScenario } from './writes.js';

/** Every feature's bench scenario. A new feature adds one line here. */
export const scenarios: BenchScenario[] = [
  authScenario,
  journalScenario,
  workoutScenario,
  coachScenario,
  transcriptsScenario,
  weeklyScenario,
  dashboardScenario,
  webAppScenario,
  cronScenario,
  calendarScenario,
  searchScenario,
  mcpScenario,
  writesScenario,
  llmStreamScenario,
  loginFloodScenario,
  startupScenario,
  activityImportScenario,
  heavyAccountScenario,
];
