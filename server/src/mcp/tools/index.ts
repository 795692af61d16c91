import { calendarTools } from './calendar.js';
import type { ToolDef } from './define.js';
import { journalTools } from './journal.js';
import { searchTools } from './search.js';
import { todayTools } from './today.js';
import { todoTools } from './todos.js';
import { trainingTools } from './training.js';
import { transcriptTools } from './transcripts.js';
import { workoutTools } from './workouts.js';

/** Every MCP tool, by domain. A feature adds its tools with one file and one line here. */
export const toolDomains: ToolDef[][] = [
  todayTools,
  journalTools,
  todoTools,
  workoutTools,
  trainingTools,
  calendarTools,
  transcriptTools,
  searchTools,
];
