import type { ReactNode } from 'react';
import { Button } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import styles from './Chat.module.css';
import { HistoryIcon } from './icons';

/** The slide-in history panel of narrow screens (and of the new-session view). */
export function HistoryPanel({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  if (!open) return null;
  return (
    <div className={styles.panelRoot}>
      <button type="button" className={styles.panelOverlay} aria-label="Close chat history" onClick={onClose} />
      <div
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-label="Chat History"
        onKeyDown={(e) => e.key === 'Escape' && onClose()}
      >
        <button type="button" className={styles.panelClose} aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </button>
        {children}
      </div>
    </div>
  );
}

/**
 * The chat screen: the history beside the chat on wide screens, in the slide-in panel (opened
 * with HistoryButton) on narrow ones.
 */
export function ChatLayout({
  narrow,
  history,
  panelOpen,
  onClosePanel,
  label,
  children,
}: {
  narrow: boolean;
  history: ReactNode;
  panelOpen: boolean;
  onClosePanel: () => void;
  /** Names the chat region. */
  label: string;
  children: ReactNode;
}) {
  return (
    <div className={styles.chatLayout}>
      {!narrow && <aside className={styles.sidebar}>{history}</aside>}
      <section className={styles.chat} aria-label={label}>
        {children}
      </section>
      {narrow && (
        <HistoryPanel open={panelOpen} onClose={onClosePanel}>
          {history}
        </HistoryPanel>
      )}
    </div>
  );
}

/** The icon button that opens the history panel on narrow screens. */
export function HistoryButton({ onClick }: { onClick: () => void }) {
  return (
    <Button
      size="sm"
      variant="ghost"
      icon={<HistoryIcon />}
      aria-label="Chat History"
      title="Chat History"
      onClick={onClick}
    />
  );
}
