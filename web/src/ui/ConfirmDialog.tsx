import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { messageOf } from '../api/client';
import { Button } from './Button';
import styles from './ConfirmDialog.module.css';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, e.g. 'Are you sure you want to delete this job?'. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** 'danger' for destructive actions (default), 'primary' otherwise. */
  tone?: 'danger' | 'primary';
  /**
   * Runs on confirm. While its promise is pending the buttons are busy; on success the dialog
   * closes, on failure the error's message shows inside and the dialog stays open.
   */
  onConfirm: () => void | Promise<void>;
  /** Where focus goes on close when the control that opened the dialog is gone (e.g. deleted by it). */
  returnFocus?: RefObject<HTMLElement | null>;
}

/** Asks before an action that cannot be undone. Focus starts on Cancel, the safe choice. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  confirmLabel = 'Delete',
  cancelLabel = 'Cancel',
  tone = 'danger',
  onConfirm,
  returnFocus,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);

  const change = (next: boolean) => {
    if (busy) return;
    setError(null);
    onOpenChange(next);
  };

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (err) {
      setBusy(false);
      setError(messageOf(err));
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={change}
      title={title}
      description={message}
      size="sm"
      hideClose
      dismissible={!busy}
      initialFocus={cancelRef}
      returnFocus={returnFocus}
      footer={
        <>
          <Button ref={cancelRef} variant="secondary" onClick={() => change(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={confirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error && (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </Modal>
  );
}
