import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import {
  TRANSCRIPT_TEXT,
  type Transcript,
  type TranscriptSummary,
  type TranscriptType,
} from '#common/api/transcripts.js';
import { messageOf } from '../../api/client';
import { useToday } from '../../app/time/useToday';
import { useLeaveGuard } from '../../app/unsavedChanges';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  Select,
  TextArea,
  TextField,
  useToast,
} from '../../ui';
import { ActionItemsDialog } from './ActionItemsDialog';
import {
  createTranscript,
  deleteTranscript,
  fetchTranscript,
  refreshTranscripts,
  updateTranscript,
  useTranscriptPages,
} from './api';
import { shortDate, typeLabel } from './format';
import { ImportFileButton } from './ImportFileButton';
import { importTranscriptFile, titleOfFile } from './importFile';
import styles from './Transcript.module.css';

const PAGE = 50;

/** /transcript: the list (title, date, type, Edit, Delete) and the Add New Transcript form (part 2 §2). */
export function TranscriptsPage() {
  const list = useTranscriptPages(PAGE);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? 0;
  const queryClient = useQueryClient();
  // The form: closed, add mode (null) or edit mode (the transcript), part 2 §4.
  const [form, setForm] = useState<{ editing: Transcript | null } | null>(null);
  const [deleting, setDeleting] = useState<TranscriptSummary | null>(null);
  const [actions, setActions] = useState<TranscriptSummary | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const toast = useToast();
  // The list carries no texts; Edit loads the whole transcript first.
  const edit = async (t: TranscriptSummary) => {
    setOpening(t.id);
    try {
      setForm({ editing: await fetchTranscript(t.id) });
    } catch (e) {
      toast.error(messageOf(e, TRANSCRIPT_TEXT.loadFailed));
    } finally {
      setOpening(null);
    }
  };

  return (
    <div className={styles.page}>
      {form && (
        <AddTranscriptForm key={form.editing?.id ?? 'new'} editing={form.editing} onDone={() => setForm(null)} />
      )}
      <Card
        title="Transcripts"
        description={
          <>
            Meeting transcripts, most recently added first. To delete many at once or export everything, use{' '}
            <Link to="/dashboard/data-settings">Data Management</Link>.
          </>
        }
        actions={
          !form && (
            <Button variant="primary" onClick={() => setForm({ editing: null })}>
              Add New Transcript
            </Button>
          )
        }
      >
        {list.isPending ? (
          <LoadingState message={TRANSCRIPT_TEXT.loading} />
        ) : list.isError ? (
          <ErrorState message={TRANSCRIPT_TEXT.fetchFailed} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : items.length === 0 ? (
          <EmptyState
            title="No transcripts yet"
            message="Add the notes of a meeting: typed, pasted, or imported from a Zoom, Teams or Meet caption file."
          />
        ) : (
          <>
            <ul className={styles.list} aria-label="Transcripts">
              {items.map((t) => (
                <li key={t.id} className={styles.row}>
                  <div className={styles.rowMain}>
                    <span className={styles.rowTitle}>{t.title}</span>
                    <span className={styles.rowMeta}>
                      <span>{shortDate(t.date)}</span>
                      <span
                        className={`${styles.badge} ${t.transcript_type === 'impromptu' ? styles.badgeImpromptu : ''}`}
                      >
                        {typeLabel(t.transcript_type)}
                      </span>
                    </span>
                  </div>
                  <div className={styles.rowActions}>
                    <Button
                      size="sm"
                      variant="ghost"
                      onClick={() => setActions(t)}
                      aria-label={`Find action items in ${t.title}`}
                    >
                      Find action items
                    </Button>
                    <Button size="sm" onClick={() => edit(t)} loading={opening === t.id} aria-label={`Edit ${t.title}`}>
                      Edit
                    </Button>
                    <Button size="sm" variant="danger" onClick={() => setDeleting(t)} aria-label={`Delete ${t.title}`}>
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
            {list.hasNextPage && total > items.length && (
              <Button onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
                Show more ({total - items.length} left)
              </Button>
            )}
          </>
        )}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        message={`${TRANSCRIPT_TEXT.confirmDeleteOne} ${TRANSCRIPT_TEXT.confirmDelete}.`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteTranscript(deleting.id);
          } catch (e) {
            throw new Error(messageOf(e, TRANSCRIPT_TEXT.deleteFailedShort));
          }
          if (form?.editing?.id === deleting.id) setForm(null);
          await refreshTranscripts(queryClient);
        }}
      />
      <ActionItemsDialog transcript={actions} onClose={() => setActions(null)} />
    </div>
  );
}

/** Add New Transcript: title, date, type and content, all required ('Please fill in all required fields.'). */
function AddTranscriptForm({ editing, onDone }: { editing: Transcript | null; onDone: () => void }) {
  const today = useToday();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(editing?.title ?? '');
  const [date, setDate] = useState(editing?.date ?? today);
  const [type, setType] = useState<TranscriptType>(editing?.transcript_type ?? 'impromptu');
  const [content, setContent] = useState(editing?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [askCancel, setAskCancel] = useState(false);
  const dirty =
    title !== (editing?.title ?? '') ||
    date !== (editing?.date ?? today) ||
    type !== (editing?.transcript_type ?? 'impromptu') ||
    content !== (editing?.content ?? '');
  // Saved: the list comes back without asking.
  const [saved, setSaved] = useState(false);
  const leaveGuard = useLeaveGuard(dirty && !saved, editing ? 'this transcript' : 'the new transcript');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || !date || !type || !content.trim()) {
      setError(TRANSCRIPT_TEXT.fillAll);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      // An edit keeps what this form does not show (context, the event it records).
      const body = { ...(editing ?? {}), title, date, transcript_type: type, content };
      if (editing) await updateTranscript(editing.id, body);
      else await createTranscript(body);
      setSaved(true);
      await refreshTranscripts(queryClient);
      onDone();
    } catch (err) {
      setError(messageOf(err, TRANSCRIPT_TEXT.saveFailed));
    } finally {
      setSaving(false);
    }
  };

  const importFile = async (file: File) => {
    setError(null);
    try {
      const out = await importTranscriptFile(file);
      setContent(out.content);
      if (!title.trim()) setTitle(titleOfFile(file.name));
    } catch (err) {
      setError(messageOf(err, `Could not read ${file.name}.`));
    }
  };

  return (
    <Card title={editing ? 'Edit Transcript' : 'Add New Transcript'}>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.formGrid}>
          <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} required autoFocus />
          <TextField label="Date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
          <Select
            label="Type"
            value={type}
            onChange={(e) => setType(e.target.value as TranscriptType)}
            options={[
              { value: 'impromptu', label: 'Impromptu' },
              { value: 'scheduled', label: 'Scheduled' },
            ]}
          />
        </div>
        <TextArea label="Content" rows={10} value={content} onChange={(e) => setContent(e.target.value)} required />
        <div className={styles.importRow}>
          <ImportFileButton onFile={importFile} />
        </div>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.actions}>
          <Button onClick={() => (dirty ? setAskCancel(true) : onDone())} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" loading={saving} loadingText="Saving...">
            {editing ? 'Update Transcript' : 'Add Transcript'}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={askCancel}
        onOpenChange={setAskCancel}
        title="Discard your changes?"
        message={
          editing ? 'The changes you made to this transcript will be lost.' : 'The transcript you typed will be lost.'
        }
        confirmLabel="Discard"
        cancelLabel="Keep editing"
        onConfirm={onDone}
      />
      {leaveGuard}
    </Card>
  );
}
