/** Dates for the MCP tools: the user's zone and the spec's Sunday-to-Saturday weeks. */
export { addDays, sundayOf as weekStartOf, todayIn } from '../../../common/src/time.js';
export { userTimeZone } from '../time/userZone.js';
