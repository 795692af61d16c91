import { Link, Navigate, useNavigate } from 'react-router';
import { mondayOf } from '#common/time.js';
import { useToday } from '../../app/time/useToday';
import { Card } from '../../ui';
import { TranscriptForm } from '../transcripts/TranscriptForm';
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
    // The week of today: a Sunday belongs to the week that is ending.
    to: (today: string) => `/notes/weekly/${mondayOf(today)}`,
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

/** /notes/new/weekly: the default week's editor. */
export function NewWeeklyRedirect() {
  return <Navigate to={`/notes/weekly/${mondayOf(useToday())}`} replace />;
}

/**
 * The Transcript choice: the quick form (the spec's app showed 'will be implemented in a
 * future phase' here; this one has it). A saved transcript opens in the viewer.
 */
export function NewTranscriptPanel() {
  const navigate = useNavigate();
  return (
    <Card title="New Meeting Transcript">
      <TranscriptForm
        mode="quick"
        onCancel={() => navigate('/notes')}
        onSaved={(t) => navigate(`/notes/entry/transcript/${t.id}`)}
      />
    </Card>
  );
}
