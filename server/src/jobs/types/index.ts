import { assistantBriefing } from './assistantBriefing.js';
import { customScript } from './customScript.js';
import { databaseBackup } from './databaseBackup.js';
import { healthCheck } from './healthCheck.js';
import type { JobType } from './jobType.js';
import { logCleanup } from './logCleanup.js';

/** Every job type, in the order the form lists them. A new type adds one line here. */
export const jobTypes: JobType[] = [databaseBackup, logCleanup, healthCheck, customScript, assistantBriefing];

export const jobTypeOf = (type: string) => jobTypes.find((t) => t.type === type);
