import type { BenchScenario } from '../types.js';
import { authScenario } from './auth.js';
import { coachScenario } from './coach.js';
import { journalScenario } from './journal.js';
import { mcpScenario } from './mcp.js';
import { searchScenario } from './search.js';
import { workoutScenario } from './workout.js';

/** Every feature's bench scenario. A new feature adds one line here. */
export const scenarios: BenchScenario[] = [
  authScenario,
  journalScenario,
  workoutScenario,
  coachScenario,
  searchScenario,
  mcpScenario,
];
