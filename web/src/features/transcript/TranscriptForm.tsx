import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, useRef, useState } from 'react';
import { TRANSCRIPT_TEXT, type Transcript, type TranscriptType } from '../../../../common/src/api/transcripts';
import { draftProblem } from '../../../../common/src/transcriptRules';
import { messageOf } from '../../api/client';
import { useToday } from '../../app/time/useToday';
import { Button, Select, TextArea, TextField } from '../../ui';
import { createTranscript, importTranscriptFile, refreshTranscripts, updateTranscript } from './api';
import { longDate } from './format';
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
}

const IMPORT_ACCEPT = '.vtt,.srt,.txt,text/vtt,text/plain,application/x-subrip';

/**
 * The transcript form of the modal and of the Notes quick choice. Ctrl+Enter or Cmd+Enter saves.
 * A .vtt, .srt or .txt file can be imported into the transcript area (speakers kept, timestamps dropped).
 */
export function TranscriptForm({ mode, initial, onSaved, onCancel, onBusyChange }: TranscriptFormProps) {
  const today = useToday();
  const queryClient = useQueryClient();
  const [d, setD] = useState<TranscriptDraft>(() => ({
    title: '',
    date: today,
    transcript_type: 'impromptu',
    context: '',
    content: '',
    ...initial,
  }));
  const [saving, setSaving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const set = <K extends keyof TranscriptDraft>(k: K, v: TranscriptDraft[K]) => setD((x) => ({ ...x, [k]: v }));
  const quick = mode === 'quick';

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

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setImporting(true);
    setError(null);
    setNotice(null);
    try {
      const out = await importTranscriptFile(file.name, await file.text());
      set('content', out.content);
      setNotice(
        out.format === 'txt'
          ? `Imported ${file.name}.`
          : `Imported ${file.name}: ${out.cues} captions, speakers kept, timestamps dropped.`,
      );
    } catch (e) {
      setError(messageOf(e, `Could not read ${file.name}.`));
    } finally {
      setImporting(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  };

  const transcriptArea = (
    <TextArea
      label="Transcript"
      rows={quick ? 12 : 10}
      value={d.content}
      onChange={(e) => set('content', e.target.value)}
      placeholder="Paste or type what was said, or import a .vtt, .srt or .txt file."
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
        <input
          ref={fileRef}
          type="file"
          accept={IMPORT_ACCEPT}
          className={styles.fileInput}
          aria-label="Import a transcript file (.vtt, .srt or .txt)"
          onChange={(e) => void importFile(e.target.files?.[0])}
          tabIndex={-1}
        />
        <Button
          size="sm"
          variant="ghost"
          onClick={() => fileRef.current?.click()}
          loading={importing}
          loadingText="Importing..."
        >
          Import .vtt, .srt or .txt
        </Button>
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
