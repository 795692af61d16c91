import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { TRANSCRIPT_TEXT, type Transcript, type TranscriptType } from '#common/api/transcripts.js';
import { draftProblem } from '#common/transcriptRules.js';
import { messageOf } from '../../api/client';
import { useSession } from '../../app/auth/session';
import { useToday } from '../../app/time/useToday';
import { Button, ConfirmDialog, Select, TextArea, TextField } from '../../ui';
import { createTranscript, refreshTranscripts, updateTranscript } from './api';
import {
  draftTarget,
  dropTranscriptDraft,
  keepTranscriptDraft,
  loadTranscriptDraft,
  type TranscriptTextDraft,
} from './drafts';
import { longDate } from './format';
import { ImportFileButton } from './ImportFileButton';
import { importNotice, importTranscriptFile } from './importFile';
import styles from './Transcript.module.css';

/** What the form edits; an id means the transcript exists and is updated. */
export interface TranscriptDraft {
  id?: number;
  title: string;
  date: string;
  transcript_type: TranscriptType;
  context: string;
  content: string;
  google_event_id?: string | null;
  google_event_etag?: string | null;
  google_recurring_event_id?: string | null;
  event_start?: string | null;
}

export const draftOf = (t: Transcript): TranscriptDraft => ({ ...t, context: t.context ?? '' });
/** Opens a listed transcript in the modal: with an id and no text, the modal loads the whole transcript. */
export const editDraftOf = (t: { id: number }): Partial<TranscriptDraft> => ({ id: t.id });

export interface TranscriptFormProps {
  /** full: date, title, type, context, transcript; quick: title, transcript, context (impromptu, today). */
  mode: 'full' | 'quick';
  initial?: Partial<TranscriptDraft>;
  onSaved: (t: Transcript) => void;
  onCancel: () => void;
  /** Reports saving so a surrounding dialog can refuse to close meanwhile. */
  onBusyChange?: (busy: boolean) => void;
  /** Reports whether the form differs from what is saved, so a surrounding dialog can ask before it closes. */
  onDirtyChange?: (dirty: boolean) => void;
}

/** The fields a person types; what a draft keeps and what makes the form differ from the saved transcript. */
const textOf = (d: TranscriptDraft): TranscriptTextDraft => ({
  title: d.title,
  date: d.date,
  transcript_type: d.transcript_type,
  context: d.context,
  content: d.content,
});
const sameText = (a: TranscriptTextDraft, b: TranscriptTextDraft) =>
  a.title === b.title &&
  a.date === b.date &&
  a.transcript_type === b.transcript_type &&
  a.context === b.context &&
  a.content === b.content;

/**
 * The transcript form of the modal and of the Notes quick choice. Ctrl+Enter or Cmd+Enter saves.
 * A .vtt, .srt, .txt or .docx file can be imported into the transcript area (speakers and start times kept).
 * What is typed is kept as a draft in this browser until it is saved (see drafts.ts); a restored
 * draft is announced, and can be discarded after a question.
 */
export function TranscriptForm({ mode, initial, onSaved, onCancel, onBusyChange, onDirtyChange }: TranscriptFormProps) {
  const today = useToday();
  const queryClient = useQueryClient();
  const { username } = useSession().user;
  // What is saved (or, for a new transcript, the empty form with its prefill); fixed while the form is open.
  const [base] = useState<TranscriptDraft>(() => ({
    title: '',
    date: today,
    transcript_type: 'impromptu',
    context: '',
    content: '',
    ...initial,
  }));
  const [target] = useState(() => draftTarget(mode, initial));
  const [stored] = useState(() => {
    const draft = loadTranscriptDraft(username, target);
    return draft && !sameText(draft, textOf(base)) ? draft : null;
  });
  const [restored, setRestored] = useState(stored !== null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [d, setD] = useState<TranscriptDraft>(() => ({ ...base, ...stored }));
  const dirty = !sameText(textOf(d), textOf(base));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const set = <K extends keyof TranscriptDraft>(k: K, v: TranscriptDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const quick = mode === 'quick';
  // Set once the save succeeded: the form's last change must not write the draft back.
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    if (dirty) keepTranscriptDraft(username, target, textOf(d));
    else dropTranscriptDraft(username, target);
  }, [d, dirty, username, target]);

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const save = async () => {
    if (saving) return;
    const problem = draftProblem(d);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setSaving(true);
    onBusyChange?.(true);
    const { id, ...body } = d;
    try {
      const saved = id ? await updateTranscript(id, body) : await createTranscript(body);
      done.current = true;
      dropTranscriptDraft(username, target);
      await refreshTranscripts(queryClient);
      onSaved(saved);
    } catch (e) {
      setError(messageOf(e, TRANSCRIPT_TEXT.saveFailed));
    } finally {
      setSaving(false);
      onBusyChange?.(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
    }
  };

  const importFile = async (file: File) => {
    setError(null);
    setNotice(null);
    try {
      const out = await importTranscriptFile(file);
      set('content', out.content);
      setNotice(importNotice(file.name, out));
    } catch (e) {
      setError(messageOf(e, `Could not read ${file.name}.`));
    }
  };

  const transcriptArea = (
    <TextArea
      label="Transcript"
      rows={quick ? 12 : 10}
      value={d.content}
      onChange={(e) => set('content', e.target.value)}
      placeholder="Paste or type what was said, or import a .vtt, .srt, .txt or .docx file."
      required
    />
  );
  const contextArea = (
    <TextArea
      label={quick ? 'Context (optional)' : 'Meeting Context (optional)'}
      rows={quick ? 2 : 3}
      value={d.context}
      onChange={(e) => set('context', e.target.value)}
    />
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} onKeyDown={onKeyDown} noValidate>
      {restored && (
        <div className={styles.draftNotice} role="status">
          <span>A draft you had not saved was restored.</span>
          <Button size="sm" variant="ghost" onClick={() => setConfirmDiscard(true)}>
            Discard draft
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title="Discard the draft?"
        message={
          base.id
            ? 'The changes you had not saved are deleted and the saved transcript shows again.'
            : 'The text you had not saved is deleted and the form starts empty again.'
        }
        confirmLabel="Discard draft"
        cancelLabel="Keep draft"
        onConfirm={() => {
          dropTranscriptDraft(username, target);
          setD(base);
          setRestored(false);
          setError(null);
        }}
      />
      {!quick && (
        <TextField label="Date" type="date" value={d.date} onChange={(e) => set('date', e.target.value)} required />
      )}
      <TextField label="Title" value={d.title} onChange={(e) => set('title', e.target.value)} required autoFocus />
      {quick ? (
        <p className={styles.quickLine}>{longDate(d.date)} · Impromptu Meeting</p>
      ) : (
        <Select
          label="Type"
          value={d.transcript_type}
          onChange={(e) => set('transcript_type', e.target.value as TranscriptType)}
          options={[
            { value: 'scheduled', label: 'Scheduled Meeting' },
            { value: 'impromptu', label: 'Impromptu Meeting' },
          ]}
        />
      )}
      {!quick && contextArea}
      {transcriptArea}
      <div className={styles.importRow}>
        <ImportFileButton onFile={importFile} />
        {notice && (
          <span className={styles.muted} role="status">
            {notice}
          </span>
        )}
      </div>
      {quick && contextArea}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <span className={styles.muted}>Ctrl+Enter or ⌘+Enter saves</span>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" loading={saving} loadingText="Saving...">
          Save Transcript
        </Button>
      </div>
    </form>
  );
}
