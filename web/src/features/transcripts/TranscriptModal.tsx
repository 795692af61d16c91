import { type RefObject, useEffect, useState } from 'react';
import { TRANSCRIPT_TEXT, type Transcript } from '#common/api/transcripts.js';
import { ConfirmDialog, ErrorState, LoadingState, Modal } from '../../ui';
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
  /** Where focus goes on close when the control that opened the dialog is gone (see Modal). */
  returnFocus?: RefObject<HTMLElement | null>;
}

/**
 * 'New Meeting Transcript' or 'Edit Meeting Transcript', in full or quick mode (part 1 §2).
 * With unsaved input, Escape, a click outside, ✕ and Cancel ask before closing; what was typed
 * stays as a draft either way and comes back when the same transcript is opened again.
 */
export function TranscriptModal({
  open,
  onOpenChange,
  mode = 'full',
  initial,
  onSaved,
  returnFocus,
}: TranscriptModalProps) {
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);
  const loadId = open && initial?.id !== undefined && initial.content === undefined ? initial.id : undefined;
  const whole = useTranscript(loadId);
  useEffect(() => {
    if (!open) setAsking(false);
  }, [open]);
  const close = () => (dirty ? setAsking(true) : onOpenChange(false));
  const form = (values: Partial<TranscriptDraft> | undefined) => (
    <TranscriptForm
      mode={mode}
      initial={values}
      onBusyChange={setBusy}
      onDirtyChange={setDirty}
      onCancel={close}
      onSaved={(t) => {
        onSaved?.(t);
        onOpenChange(false);
      }}
    />
  );
  return (
    <>
      <Modal
        open={open}
        onOpenChange={(next) => (next ? onOpenChange(true) : close())}
        title={initial?.id ? 'Edit Meeting Transcript' : 'New Meeting Transcript'}
        size="lg"
        dismissible={!busy}
        returnFocus={returnFocus}
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
      <ConfirmDialog
        open={open && asking}
        onOpenChange={setAsking}
        title="Close without saving?"
        message="What you typed stays in this browser as a draft and comes back the next time you open this transcript form."
        confirmLabel="Close"
        cancelLabel="Keep editing"
        tone="primary"
        onConfirm={() => onOpenChange(false)}
      />
    </>
  );
}
