import { useState } from 'react';
import { TRANSCRIPT_TEXT, type Transcript } from '../../../../common/src/api/transcripts';
import { ErrorState, LoadingState, Modal } from '../../ui';
import { useTranscript } from './api';
import { draftOf, type TranscriptDraft, TranscriptForm } from './TranscriptForm';

export interface TranscriptModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode?: 'full' | 'quick';
  /**
   * Prefilled values; with an id the modal edits that transcript. An id without content (a
   * transcript from a list, which carries no texts) makes the modal load the whole transcript.
   */
  initial?: Partial<TranscriptDraft>;
  onSaved?: (t: Transcript) => void;
}

/** 'New Meeting Transcript' or 'Edit Meeting Transcript', in full or quick mode (part 1 §2). */
export function TranscriptModal({ open, onOpenChange, mode = 'full', initial, onSaved }: TranscriptModalProps) {
  const [busy, setBusy] = useState(false);
  const loadId = open && initial?.id !== undefined && initial.content === undefined ? initial.id : undefined;
  const whole = useTranscript(loadId);
  const form = (values: Partial<TranscriptDraft> | undefined) => (
    <TranscriptForm
      mode={mode}
      initial={values}
      onBusyChange={setBusy}
      onCancel={() => onOpenChange(false)}
      onSaved={(t) => {
        onSaved?.(t);
        onOpenChange(false);
      }}
    />
  );
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={initial?.id ? 'Edit Meeting Transcript' : 'New Meeting Transcript'}
      size="lg"
      dismissible={!busy}
    >
      {open &&
        (loadId === undefined ? (
          form(initial)
        ) : whole.data ? (
          form(draftOf(whole.data))
        ) : whole.error ? (
          <ErrorState message={TRANSCRIPT_TEXT.loadFailed} onRetry={() => whole.refetch()} compact />
        ) : (
          <LoadingState message="Loading transcript..." />
        ))}
    </Modal>
  );
}
