import { Link } from 'react-router';
import { NOTES_TEXT } from '../../../../common/src/journalConstants';
import { useToday } from '../../app/time/useToday';
import { Card } from '../../ui';
import styles from './Notes.module.css';
import { NoteTypeIcon } from './NoteTypeIcon';

const CHOICES = [
  {
    to: (today: string) => `/notes/daily/${today}`,
    icon: 'journal' as const,
    title: 'Journal Entry',
    text: "Today's daily note: morning preparation, journal and evening shutdown.",
  },
  {
    to: (_today: string) => '/notes/new/weekly',
    icon: 'weekly' as const,
    title: 'Weekly Planning',
    text: 'Plan the week ahead.',
  },
  {
    to: (_today: string) => '/notes/new/transcript',
    icon: 'transcript' as const,
    title: 'Transcript',
    text: 'Record the notes of a meeting.',
  },
];

/** The right pane when no entry is chosen. */
export function CreateChoices() {
  const today = useToday();
  return (
    <Card title="Create" description="Start something new, or pick an entry from the list.">
      <ul className={styles.choices}>
        {CHOICES.map((c) => (
          <li key={c.title}>
            <Link to={c.to(today)} className={styles.choice}>
              <span className={styles.choiceIcon}>
                <NoteTypeIcon type={c.icon} />
              </span>
              <span>
                <span className={styles.choiceTitle}>{c.title}</span>
                <span className={styles.choiceText}>{c.text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export function NotYetPanel({ kind }: { kind: 'weekly' | 'transcript' }) {
  const weekly = kind === 'weekly';
  return (
    <Card title={weekly ? 'Weekly Planning' : 'Transcript'}>
      <p className={styles.notYet}>{weekly ? NOTES_TEXT.weeklyLater : NOTES_TEXT.transcriptLater}</p>
      <Link to="/notes" className={styles.backLink}>
        ← Back to the choices
      </Link>
    </Card>
  );
}
