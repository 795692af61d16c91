import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { DAILY_AUTOSAVE_MS, NOTES_TEXT } from '#common/journalConstants.js';
import { isUntouchedDailyText, openAtPart, renderDailyNote } from '#common/journalText.js';
import { useSession } from '../../app/auth/session';
import { Button, ErrorState, LoadingState } from '../../ui';
import { longDate, refreshAfterDailySave, saveDailyNote, useDailyNote } from './api';
import { dropDraft, keepDraft, loadDraft } from './drafts';
import styles from './Notes.module.css';

type Status = 'idle' | 'saving' | 'saved' | 'failed';
const STATUS_TEXT: Record<Status, string> = {
  idle: '',
  saving: NOTES_TEXT.saving,
  saved: NOTES_TEXT.saved,
  failed: NOTES_TEXT.saveFailed,
};

/** After a failed save the editor tries again this often, and as soon as the browser is back online. */
const RETRY_MS = 5000;

/** /notes/daily/:date — the daily note in a full-screen editor. */
export function ZenEditorRoute() {
  const { date } = useParams();
  if (!date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return <Navigate to="/notes" replace />;
  return <ZenEditor key={date} date={date} />;
}

/** The daily note of a date; with `part`, opened at its morning or evening part. */
export function ZenEditor({ date, part }: { date: string; part?: 'morning' | 'evening' }) {
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from ?? '/notes';
  const note = useDailyNote(date);

  const exit = useCallback(() => navigate(from), [navigate, from]);

  return (
    <div className={styles.zen} role="dialog" aria-modal="true" aria-label={`Daily note, ${longDate(date)}`}>
      {note.isPending ? (
        <LoadingState message="Loading your note…" />
      ) : note.isError ? (
        <div className={styles.zenInner}>
          <ErrorState message="Failed to load journal entry. Please try again." onRetry={() => note.refetch()} />
          <Button onClick={exit}>Back</Button>
        </div>
      ) : (
        <Editor
          date={date}
          {...opening(
            note.data.exists && note.data.content ? note.data.content : renderDailyNote(note.data.structured_data),
            part,
          )}
          onExit={exit}
        />
      )}
    </div>
  );
}

/** The text the editor starts with and where its caret goes (the end, unless a part was asked for). */
function opening(text: string, part: 'morning' | 'evening' | undefined): { initial: string; caret?: number } {
  if (!part) return { initial: text };
  const at = openAtPart(text, part);
  return { initial: at.text, caret: at.caret };
}

function Editor({
  date,
  initial,
  caret,
  onExit,
}: {
  date: string;
  initial: string;
  caret?: number | undefined;
  onExit: () => void;
}) {
  const queryClient = useQueryClient();
  const { username } = useSession().user;
  const [text, setText] = useState(() => loadDraft(username, date) ?? initial);
  const [status, setStatus] = useState<Status>('idle');
  const latest = useRef(text);
  const saved = useRef(initial);
  const timer = useRef<number | undefined>(undefined);
  const mounted = useRef(true);
  const area = useRef<HTMLTextAreaElement>(null);

  const saveRef = useRef<() => Promise<boolean>>(async () => true);
  /** Saves the text if it changed; false when the save failed. */
  const save = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    const content = latest.current;
    if (content === saved.current || isUntouchedDailyText(content)) return true;
    setStatus('saving');
    try {
      await saveDailyNote(date, content);
      saved.current = content;
      dropDraft(username, date, content);
      setStatus(latest.current === content ? 'saved' : 'idle');
      void refreshAfterDailySave(queryClient);
      return true;
    } catch {
      setStatus('failed');
      // The draft stays in this browser; keep trying while the editor is open.
      if (mounted.current) timer.current = window.setTimeout(() => void saveRef.current(), RETRY_MS);
      return false;
    }
  }, [date, queryClient, username]);
  saveRef.current = save;
  const warned = useRef(false);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    // A restored draft differs from the note, so the asked-for place no longer applies.
    const at = caret !== undefined && el.value === initial ? caret : el.value.length;
    el.focus();
    el.setSelectionRange(at, at);
  }, [caret, initial]);

  // Leaving by any other way (a link, the browser's back button) still saves the last words.
  // A draft restored from an earlier failed save is saved straight away, and a lost connection
  // is retried the moment the browser is back online.
  useEffect(() => {
    mounted.current = true;
    if (latest.current !== saved.current) timer.current = window.setTimeout(() => void saveRef.current(), 0);
    const retry = () => void saveRef.current();
    window.addEventListener('online', retry);
    return () => {
      mounted.current = false;
      window.removeEventListener('online', retry);
      void saveRef.current();
    };
  }, []);

  const change = (value: string) => {
    setText(value);
    latest.current = value;
    keepDraft(username, date, value);
    setStatus('idle');
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(save, DAILY_AUTOSAVE_MS);
  };

  // A failed save keeps the editor open once, so the text is not lost unseen; leaving again exits.
  const leave = async () => {
    if (!(await save()) && !warned.current) {
      warned.current = true;
      return;
    }
    onExit();
  };

  // Esc leaves wherever the focus is inside the editor.
  const leaveRef = useRef(leave);
  leaveRef.current = leave;
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      void leaveRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className={styles.zenInner}>
      <header className={styles.zenHeader}>
        <div>
          <p className={styles.zenEyebrow}>Daily note</p>
          <h2 className={styles.zenTitle}>{longDate(date)}</h2>
        </div>
        <div className={styles.zenActions}>
          <span className={styles.zenStatus} data-status={status} role="status" aria-live="polite">
            {STATUS_TEXT[status]}
          </span>
          <Button size="sm" onClick={leave} title="Esc">
            Done
          </Button>
        </div>
      </header>
      <label htmlFor="zen-text" className="visually-hidden">
        Daily note text
      </label>
      <textarea
        id="zen-text"
        ref={area}
        className={styles.zenText}
        value={text}
        onChange={(e) => change(e.target.value)}
        spellCheck
      />
      <p className={styles.zenHint}>
        Saves as you write · Esc to leave · Headings like “Morning Preparation” and “Evening Shutdown” with “- ” bullets
        become your reflections.
      </p>
    </div>
  );
}
