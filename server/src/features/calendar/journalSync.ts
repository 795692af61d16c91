import type { DailyNote } from '#common/api/journal.js';
import type { AppContext } from '../../context.js';
import { getDailyNote } from '../journal/service.js';
import { writeBackSwitches } from './service.js';
import { hasWritableCalendar, writeItem } from './writeback.js';

/**
 * sync_journal (off by default): when the daily journal of a date is saved, the calendar chosen
 * for the journal (else the one workouts go to) gets, or has updated, one all-day, free event for
 * that date holding the note's text, so the calendar doubles as a diary. Its title is plainly
 * "Journal" unless the user chose to see the day's personal goal in it ("Journal: <goal>"): the
 * calendar may be one that others see. Weekly plans and loose notes are not written. A failure
 * never fails the save; it is recorded on the connection.
 */
const MAX_DESCRIPTION = 8000;

/** `saved`: the daily note as just saved, when the caller has it (else it is read). */
export async function afterDailyJournalSaved(
  ctx: AppContext,
  userId: number,
  date: string,
  saved?: DailyNote,
): Promise<string | null> {
  try {
    const settings = await writeBackSwitches(ctx.db, userId);
    if (!settings.sync_journal || !(await hasWritableCalendar(ctx, userId, 'journal'))) return null;
    const note = saved ?? (await getDailyNote(ctx.db, userId, date));
    if (!note.exists || !note.content.trim()) return null;
    const goal = note.structured_data.morning?.personal_goal?.split('\n')[0]?.trim();
    await writeItem(ctx, userId, 'journal', date, {
      date,
      summary: settings.journal_title === 'goal' && goal ? `Journal: ${goal}` : 'Journal',
      description: note.content.slice(0, MAX_DESCRIPTION),
    });
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}
