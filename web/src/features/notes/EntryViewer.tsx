import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { NoteContent } from '#common/api/journal.js';
import { TRANSCRIPT_TEXT } from '#common/api/transcripts.js';
import { weeklyStructured } from '#common/api/weekly.js';
import {
  COPIED_CONFIRMATION_MS,
  NOTE_ENTRY_TYPES,
  NOTES_TEXT,
  type NoteEntryType,
  WEEKLY_DEFAULT_CONTENT,
} from '#common/journalConstants.js';
import { summariseReflections } from '#common/weeklyPlan.js';
import { SAVED_SUMMARY_LIMITS } from '#common/weeklyTexts.js';
import { ApiError, messageOf } from '../../api/client';
import { Button, Card, ErrorState, LoadingState, useToast } from '../../ui';
import { fetchTranscript } from '../transcripts/api';
import { draftOf, type TranscriptDraft } from '../transcripts/TranscriptForm';
import { TranscriptModal } from '../transcripts/TranscriptModal';
import { SummaryLists } from '../weekly/ReflectionsPanel';
import { longDate, useNoteContent } from './api';
import styles from './Notes.module.css';
import { TYPE_LABELS } from './NotesList';
import { NoteText } from './NoteText';

const isType = (t: string | undefined): t is NoteEntryType => NOTE_ENTRY_TYPES.includes(t as NoteEntryType);

/** /notes/entry/:type/:id */
export function EntryViewer() {
  const { type, id } = useParams();
  const numericId = Number(id);
  if (!isType(type) || !Number.isInteger(numericId) || numericId <= 0) return <Navigate to="/notes" replace />;
  return <Viewer key={`${type}/${numericId}`} type={type} id={numericId} />;
}

function Viewer({ type, id }: { type: NoteEntryType; id: number }) {
  const entry = useNoteContent(type, id);
  if (entry.isPending) return <LoadingState message="Loading entry…" />;
  if (entry.isError) {
    const missing = entry.error instanceof ApiError && entry.error.status === 404;
    return (
      <Card>
        <ErrorState
          message={missing ? NOTES_TEXT.noContent : NOTES_TEXT.loadEntryFailed(entry.error.message)}
          onRetry={missing ? undefined : () => entry.refetch()}
        />
      </Card>
    );
  }
  const e = entry.data;
  switch (e.type) {
    case 'journal':
    case 'morning':
    case 'evening':
      return <DailyViewer entry={e} />;
    case 'weekly':
      return <WeeklyViewer entry={e} />;
    case 'transcript':
      return <TranscriptViewer entry={e} />;
    case 'note':
      return (
        <EntryCard entry={e}>
          <p className={styles.plain}>{e.content}</p>
        </EntryCard>
      );
    default:
      return <RawViewer entry={e} />;
  }
}

function EntryCard({
  entry,
  actions,
  children,
}: {
  entry: NoteContent;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <Card title={entry.title} description={`${TYPE_LABELS[entry.type]} · ${longDate(entry.date)}`} actions={actions}>
      {children}
    </Card>
  );
}

function DailyViewer({ entry }: { entry: NoteContent }) {
  const navigate = useNavigate();
  const open = () =>
    navigate(`/notes/daily/${entry.date}`, { state: { from: `/notes/entry/${entry.type}/${entry.id}` } });
  return (
    <EntryCard
      entry={{ ...entry, title: `Daily Journal — ${longDate(entry.date)}` }}
      actions={
        <Button size="sm" variant="primary" onClick={open}>
          Edit
        </Button>
      }
    >
      {/* The note is read as text; the edit control is a button of its own whose hit area covers the note. */}
      <div className={styles.editable}>
        <NoteText text={entry.content} />
        <button type="button" className={styles.editOverlay} onClick={open}>
          Edit this note in the zen editor
        </button>
      </div>
    </EntryCard>
  );
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

const reflectionsOf = (d: Record<string, unknown>) => {
  const parsed = weeklyStructured.safeParse(d);
  return parsed.success
    ? summariseReflections(parsed.data.morning_reflections, parsed.data.evening_reflections, SAVED_SUMMARY_LIMITS)
    : null;
};

function WeeklyViewer({ entry }: { entry: NoteContent }) {
  const navigate = useNavigate();
  const d = entry.structured_data ?? {};
  const summary = reflectionsOf(d);
  const hasReflections = summary && Object.values(summary).some((v) => Array.isArray(v) && v.length > 0);
  const goals = strings(d.meta_goals);
  const sections: Array<[string, string]> = [
    ['Weekly intention', str(d.weekly_intention)],
    ['Weekly review', str(d.weekly_review)],
    ['Constraints', str(d.constraints)],
    ['Brain dump', str(d.brain_dump)],
  ];
  return (
    <EntryCard
      entry={{ ...entry, title: `Week of ${longDate(entry.date)}` }}
      actions={
        <Button
          size="sm"
          variant="primary"
          onClick={() =>
            navigate(`/notes/weekly/${entry.date}`, { state: { from: `/notes/entry/${entry.type}/${entry.id}` } })
          }
        >
          Open in editor
        </Button>
      }
    >
      <div className={styles.weekly}>
        {goals.some((g) => g.trim()) && (
          <section>
            <h3>Meta goals</h3>
            <ol className={styles.goals}>
              {goals.map((g, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed goal slots
                <li key={i}>
                  <span className={styles.goalLabel}>Goal {i + 1}</span> {g || '—'}
                </li>
              ))}
            </ol>
          </section>
        )}
        {sections
          .filter(([, text]) => text.trim())
          .map(([title, text]) => (
            <section key={title}>
              <h3>{title}</h3>
              <p className={styles.plain}>{text}</p>
            </section>
          ))}
        {entry.content.trim() && entry.content.trim() !== WEEKLY_DEFAULT_CONTENT && (
          <section>
            <h3>Additional thoughts</h3>
            <p className={styles.plain}>{entry.content}</p>
          </section>
        )}
        {summary && hasReflections && (
          <section>
            <h3>Reflections</h3>
            <SummaryLists summary={summary} />
          </section>
        )}
      </div>
    </EntryCard>
  );
}

function TranscriptViewer({ entry }: { entry: NoteContent }) {
  const [copied, setCopied] = useState(false);
  const [editing, setEditing] = useState<TranscriptDraft | null>(null);
  const [loadingEdit, setLoadingEdit] = useState(false);
  const toast = useToast();
  // The viewer shows the note's view of the transcript; editing loads the transcript itself.
  const edit = async () => {
    setLoadingEdit(true);
    try {
      setEditing(draftOf(await fetchTranscript(entry.id)));
    } catch (e) {
      toast.error(messageOf(e, TRANSCRIPT_TEXT.loadFailed));
    } finally {
      setLoadingEdit(false);
    }
  };
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(entry.content);
    } catch {
      // Without clipboard permission, select the text so the user can copy it by hand.
      const el = document.getElementById('transcript-text');
      if (el) window.getSelection()?.selectAllChildren(el);
      return;
    }
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
  };
  const t = entry.transcript;
  return (
    <EntryCard
      entry={entry}
      actions={
        <>
          <Button size="sm" onClick={edit} loading={loadingEdit}>
            Edit
          </Button>
          <Button size="sm" onClick={copy} aria-live="polite">
            {copied ? NOTES_TEXT.copied : NOTES_TEXT.copy}
          </Button>
        </>
      }
    >
      <TranscriptModal
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        mode="full"
        initial={editing ?? undefined}
      />
      {t && (
        <p className={styles.transcriptMeta}>
          <span className={styles.badge}>{t.transcript_type === 'scheduled' ? 'Scheduled' : 'Impromptu'}</span>
          {t.context && <span>Context: {t.context}</span>}
        </p>
      )}
      <p id="transcript-text" className={styles.plain}>
        {entry.content}
      </p>
    </EntryCard>
  );
}

function RawViewer({ entry }: { entry: NoteContent }) {
  return (
    <EntryCard entry={entry}>
      <pre className={styles.raw}>{JSON.stringify(entry, null, 2)}</pre>
    </EntryCard>
  );
}
