import { useState } from 'react';
import type { Transcript } from '../../../../common/src/api/transcripts';
import { Modal } from '../../ui';
import { type TranscriptDraft, TranscriptForm } from './TranscriptForm';

export interface TranscriptModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode?: 'full' | 'quick';
  /** Prefilled values; with an id the modal edits that transcript. */
  initial?: Partial<TranscriptDraft>;
  onSaved?: (t: Transcript) => void;
}

/** 'New Meeting Transcript' or 'Edit Meeting Transcript', in full or quick mode (part 1 §2). */
export function TranscriptModal({ open, onOpenChange, mode = 'full', initial, onSaved }: TranscriptModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={initial?.id ? 'Edit Meeting Transcript' : 'New Meeting Transcript'}
      size="lg"
      dismissible={!busy}
    >
      {open && (
        <TranscriptForm
          mode={mode}
          initial={initial}
          onBusyChange={setBusy}
          onCancel={() => onOpenChange(false)}
          onSaved={(t) => {
            onSaved?.(t);
            onOpenChange(false);
          }}
        />
      )}
    </Modal>
  );
}
