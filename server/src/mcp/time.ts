/** Dates for the MCP tools: the user's zone and today in it. */
export { addDays, todayIn } from '#common/time.js';
export { todayInZone } from '../time/dayStarts.js';
export { userTimeZone } from '../time/userZone.js';
