import type { ReactNode } from 'react';
import { Button } from '../../ui';
import styles from './Chat.module.css';

/** The message box: Enter sends, Shift+Enter breaks the line. */
export function Composer({
  value,
  onChange,
  onSend,
  sendDisabled,
  sendLabel = 'Send',
  placeholder,
  label = 'Message',
  describedBy,
  children,
}: {
  value: string;
  onChange: (v: string) => void;
  onSend: () => void;
  sendDisabled?: boolean;
  sendLabel?: string;
  placeholder?: string;
  label?: string;
  /** The id of a notice the field should be read with. */
  describedBy?: string;
  children?: ReactNode;
}) {
  const blocked = sendDisabled || !value.trim();
  return (
    <form
      className={styles.composer}
      onSubmit={(e) => {
        e.preventDefault();
        if (!blocked) onSend();
      }}
    >
      <textarea
        aria-label={label}
        aria-describedby={describedBy}
        className={styles.input}
        value={value}
        rows={3}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            if (!blocked) onSend();
          }
        }}
      />
      <div className={styles.composerBar}>
        <div className={styles.composerExtra}>{children}</div>
        <Button type="submit" variant="primary" disabled={blocked}>
          {sendLabel}
        </Button>
      </div>
    </form>
  );
}
