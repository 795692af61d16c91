import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TRANSCRIPT_TEXT, type TranscriptSummary } from '#common/api/transcripts.js';
import { summaryPreview } from '#common/transcriptRules.js';
import { messageOf } from '../../api/client';
import { useToday } from '../../app/time/useToday';
import { Button, Card, ConfirmDialog, ErrorState, LoadingState } from '../../ui';
import { deleteTranscript, refreshTranscripts, useTranscriptWindows } from './api';
import { longDate, typeLabel } from './format';
import styles from './Transcript.module.css';
import { editDraftOf, type TranscriptDraft } from './TranscriptForm';
import { TranscriptModal } from './TranscriptModal';

export interface TranscriptsForDateProps {
  /** The day shown, YYYY-MM-DD. */
  date: string;
  /** Told after a transcript is saved or deleted (the calendar refreshes its quick panel). */
  onChange?: () => void;
  /** Shown above the cards, e.g. the calendar tab's day picker. */
  toolbar?: ReactNode;
  className?: string;
}

/**
 * 'Transcripts for {long date}': cards with title, type badge, context, a 150-character
 * preview, 'View & Edit' and 'Delete'. Transcripts load in windows of 7 days back to 14 ahead,
 * merged by id, so moving between nearby days needs no new request.
 */
export function TranscriptsForDate({ date, onChange, toolbar, className }: TranscriptsForDateProps) {
  const today = useToday();
  const queryClient = useQueryClient();
  const windows = useTranscriptWindows(today, date);
  const [editing, setEditing] = useState<Partial<TranscriptDraft> | null>(null);
  const [deleting, setDeleting] = useState<TranscriptSummary | null>(null);
  const list = windows.all
    .filter((t) => t.date === date)
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id);

  return (
    <Card
      className={className}
      title={`Transcripts for ${longDate(date)}`}
      actions={
        <Button size="sm" variant="primary" onClick={() => setEditing({ date })}>
          + Add Transcript
        </Button>
      }
    >
      {toolbar}
      {windows.pending ? (
        <LoadingState message={TRANSCRIPT_TEXT.loading} />
      ) : windows.error ? (
        <ErrorState message={TRANSCRIPT_TEXT.loadFailed} onRetry={() => windows.refetch()} compact />
      ) : list.length === 0 ? (
        <p className={styles.muted}>{TRANSCRIPT_TEXT.emptyForDate}</p>
      ) : (
        <ul className={styles.cards} aria-label={`Transcripts for ${longDate(date)}`}>
          {list.map((t) => (
            <li key={t.id} className={styles.card}>
              <div className={styles.cardHead}>
                <h4 className={styles.cardTitle}>{t.title}</h4>
                <span className={`${styles.badge} ${t.transcript_type === 'impromptu' ? styles.badgeImpromptu : ''}`}>
                  {typeLabel(t.transcript_type)}
                </span>
              </div>
              {t.context && (
                <p className={styles.context}>
                  <strong>Context:</strong> {t.context}
                </p>
              )}
              <p className={styles.preview}>{summaryPreview(t)}</p>
              <div className={styles.rowActions}>
                <Button size="sm" onClick={() => setEditing(editDraftOf(t))}>
                  View &amp; Edit
                </Button>
                <Button size="sm" variant="danger" onClick={() => setDeleting(t)}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TranscriptModal
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        mode="full"
        initial={editing ?? undefined}
        onSaved={() => onChange?.()}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={`Delete “${deleting?.title ?? ''}”?`}
        message={`${TRANSCRIPT_TEXT.confirmDeleteOne} ${TRANSCRIPT_TEXT.confirmDelete}.`}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteTranscript(deleting.id);
          } catch (e) {
            throw new Error(messageOf(e, TRANSCRIPT_TEXT.deleteFailed));
          }
          await refreshTranscripts(queryClient);
          onChange?.();
        }}
      />
    </Card>
  );
}
