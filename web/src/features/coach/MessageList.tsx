import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from '../../ui';
import styles from './Chat.module.css';
import { Markdown } from './Markdown';
import { type UiMessage, visibleReply } from './useChat';

function Thoughts({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.thoughts}>
      <button type="button" className={styles.thoughtsToggle} aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide thoughts' : 'Show thoughts'}
      </button>
      {open && <div className={styles.thoughtsText}>{text}</div>}
    </div>
  );
}

function TypingIndicator({ label = 'Coach is typing' }: { label?: string }) {
  return (
    <span className={styles.typing} role="status" aria-label={label}>
      <span />
      <span />
      <span />
    </span>
  );
}

function Bubble({ message, typingLabel }: { message: UiMessage; typingLabel?: string }) {
  if (message.role === 'user') {
    return (
      <div className={`${styles.row} ${styles.userRow}`}>
        <div className={`${styles.bubble} ${styles.user}`} data-testid="user-message">
          {message.content}
        </div>
      </div>
    );
  }
  const { content, thoughts, thinking } = visibleReply(message);
  return (
    <div className={styles.row}>
      <div
        className={`${styles.bubble} ${styles.assistant} ${message.error ? styles.errorBubble : ''}`}
        data-testid="assistant-message"
        aria-busy={message.streaming || undefined}
      >
        {thoughts && !message.streaming && <Thoughts text={thoughts} />}
        {message.error ? <p className={styles.errorText}>{content}</p> : content && <Markdown text={content} />}
        {message.streaming && (!content || thinking) && <TypingIndicator label={typingLabel} />}
      </div>
    </div>
  );
}

/** The conversation, scrolled to the newest message as replies arrive. */
export function MessageList({
  messages,
  renderAssistant,
  typingLabel,
  earlier,
}: {
  messages: UiMessage[];
  /** Older messages exist: a button at the top shows them. */
  earlier?: { hasEarlier: boolean; loading: boolean; show: () => void };
  /** Replaces the bubble of a finished assistant reply (the assistant's report cards). */
  renderAssistant?: (m: UiMessage, index: number) => ReactNode | undefined;
  typingLabel?: string;
}) {
  const end = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  // Follows the newest message as it streams; earlier messages put in front leave the view alone.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follow the newest text as it streams
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [last?.id, last?.content]);
  return (
    <div className={styles.messages} aria-live="polite">
      {earlier?.hasEarlier && (
        <div className={styles.earlier}>
          <Button size="sm" variant="ghost" onClick={earlier.show} loading={earlier.loading}>
            Show earlier messages
          </Button>
        </div>
      )}
      {messages.map((m, i) => {
        const custom = m.role === 'assistant' && !m.streaming && !m.error ? renderAssistant?.(m, i) : undefined;
        return custom ? <div key={m.id}>{custom}</div> : <Bubble key={m.id} message={m} typingLabel={typingLabel} />;
      })}
      <div ref={end} />
    </div>
  );
}
