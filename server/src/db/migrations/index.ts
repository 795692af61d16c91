import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_journal_todos.js';
import * as m0003 from './0003_workouts.js';
import * as m0004 from './0004_coach.js';
import * as m0005 from './0005_timezone.js';
import * as m0006 from './0006_calendar.js';
import * as m0007 from './0007_transcripts.js';
import * as m0008 from './0008_weekly.js';
import * as m0010 from './0010_jobs.js';
import * as m0011 from './0011_api_keys.js';
import * as m0012 from './0012_search.js';
import * as m0013 from './0013_performance.js';
import * as m0014 from './0014_security.js';
import * as m0015 from './0015_paging_todos.js';
import * as m0016 from './0016_paging_cron.js';
import * as m0017 from './0017_perf_weekly.js';
import * as m0019 from './0019_perf_transcripts.js';
import * as m0020 from './0020_transcripts_order.js';
import * as m0021 from './0021_executions_cover.js';
import * as m0022 from './0022_search_meta.js';
import * as m0023 from './0023_search_prefix.js';
import * as m0024 from './0024_calendar_events_replaced.js';
import * as m0025 from './0025_transcripts_text_last.js';
import * as m0026 from './0026_calendar_read_issues.js';
import * as m0027 from './0027_calendar_write_once.js';
import * as m0028 from './0028_workout_plan_versions.js';
import * as m0029 from './0029_journal_sync_choice.js';
import * as m0030 from './0030_device_cookies.js';
import * as m0031 from './0031_training_week.js';
import * as m0032 from './0032_activities_import.js';
import * as m0033 from './0033_reminders.js';
import * as m0034 from './0034_stats_rollups.js';
import * as m0035 from './0035_search_owner.js';
import * as m0036 from './0036_scaling_indexes.js';
import * as m0037 from './0037_search_pending_list.js';

/**
 * Every migration, in order. Names sort lexically; add new ones at the end.
 * Each is written once with Kysely's schema builder and runs on SQLite and PostgreSQL.
 */
export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_journal_todos': m0002,
  '0003_workouts': m0003,
  '0004_coach': m0004,
  '0005_timezone': m0005,
  '0006_calendar': m0006,
  '0007_transcripts': m0007,
  '0008_weekly': m0008,
  '0010_jobs': m0010,
  '0011_api_keys': m0011,
  '0012_search': m0012,
  '0013_performance': m0013,
  '0014_security': m0014,
  '0015_paging_todos': m0015,
  '0016_paging_cron': m0016,
  '0017_perf_weekly': m0017,
  '0019_perf_transcripts': m0019,
  '0020_transcripts_order': m0020,
  '0021_executions_cover': m0021,
  '0022_search_meta': m0022,
  '0023_search_prefix': m0023,
  '0024_calendar_events_replaced': m0024,
  '0025_transcripts_text_last': m0025,
  '0026_calendar_read_issues': m0026,
  '0027_calendar_write_once': m0027,
  '0028_workout_plan_versions': m0028,
  '0029_journal_sync_choice': m0029,
  '0030_device_cookies': m0030,
  '0031_training_week': m0031,
  '0032_activities_import': m0032,
  '0033_reminders': m0033,
  '0034_stats_rollups': m0034,
  '0035_search_owner': m0035,
  '0036_scaling_indexes': m0036,
  '0037_search_pending_list': m0037,
};
