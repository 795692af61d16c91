import type { CalendarReadIssues } from '#common/api/calendar.js';
import { InfoIcon } from '../../ui/icons';
import styles from './settings.module.css';

const quoted = (names: readonly string[]) =>
  new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(names.map((n) => `“${n}”`));

/**
 * The sentences of a connection's read issues, in plain words: how many events could not be read
 * (with the first reason), and which zone names were not recognised (their times were read in the
 * calendar's own zone, or the user's when it names none). Empty when there is nothing to say.
 */
export function readIssueLines(issues: CalendarReadIssues | null): string[] {
  if (!issues) return [];
  const lines: string[] = [];
  if (issues.skipped > 0) {
    const count = issues.skipped === 1 ? '1 event could not be read' : `${issues.skipped} events could not be read`;
    lines.push(issues.first_reason ? `${count}: ${issues.first_reason}` : `${count}.`);
  }
  const zones = issues.unknown_zones;
  if (zones.length > 0) {
    lines.push(
      `Times given in the ${zones.length === 1 ? 'zone' : 'zones'} ${quoted(zones)}, which Daymark does not recognise, are read in the calendar’s own time zone, or in yours when it names none.`,
    );
  }
  return lines;
}

/**
 * What the last refresh of a connection could not read, as a calm note on its settings card: the
 * calendar still works, the rest of its events are shown.
 */
export function ReadIssuesNotice({ issues, label }: { issues: CalendarReadIssues | null; label: string }) {
  const lines = readIssueLines(issues);
  if (lines.length === 0) return null;
  return (
    <div role="note" className={styles.readIssues} aria-label={`What could not be read from ${label}`}>
      <InfoIcon className={styles.readIssuesIcon} />
      <div className={styles.readIssuesText}>
        {lines.map((line) => (
          <p key={line}>{line}</p>
        ))}
      </div>
    </div>
  );
}
