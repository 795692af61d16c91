import { useEffect, useRef, useState } from 'react';
import { WEEKLY_TEXT } from '../../../../common/src/weeklyTexts';
import { Button, ConfirmDialog, Modal, Spinner } from '../../ui';
import { Composer } from '../coach/Composer';
import { MessageList } from '../coach/MessageList';
import { type PlanningChatOptions, usePlanningChat } from './usePlanningChat';
import styles from './Weekly.module.css';

/**
 * The planning coach in a dialog. Closing it saves the conversation at once and lets the editor
 * save unsaved plan changes (`onClose`).
 */
export function PlanningChat({
  open,
  onClose,
  onAcceptGoals,
  ...options
}: PlanningChatOptions & { open: boolean; onClose: () => void; onAcceptGoals: (goals: string[]) => void }) {
  const chat = usePlanningChat(options);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  // Load (or start) the conversation each time the dialog opens, not on every render.
  const load = useRef(chat.open);
  load.current = chat.open;
  useEffect(() => {
    if (open) void load.current();
  }, [open]);

  // Keyboard users land in the message box once the conversation is there.
  const box = useRef<HTMLDivElement>(null);
  const ready = open && !chat.loading;
  useEffect(() => {
    if (ready) box.current?.querySelector('textarea')?.focus();
  }, [ready]);

  const close = () => {
    void chat.persist();
    onClose();
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && close()}
      title={options.isNewPlan ? 'Start New Plan with Coach' : 'Chat with Coach'}
      description="Your professional coach helps you plan the week from your notes, todos and calendar."
      size="lg"
    >
      <div className={styles.chat} ref={box}>
        {chat.loading ? (
          <Spinner label="Loading conversation…" />
        ) : (
          <MessageList messages={chat.messages} typingLabel="Coach is typing" />
        )}
        {chat.suggested.length > 0 && (
          <section className={styles.suggested} aria-label="Suggested goals">
            <p className={styles.suggestedTitle}>Suggested goals</p>
            <ul>
              {chat.suggested.map((g) => (
                <li key={g}>{g}</li>
              ))}
            </ul>
            <div className={styles.suggestedActions}>
              <Button
                size="sm"
                variant="primary"
                onClick={() => {
                  onAcceptGoals(chat.suggested);
                  chat.clearSuggested();
                }}
              >
                Add to goals
              </Button>
              <Button size="sm" variant="ghost" onClick={chat.clearSuggested}>
                Dismiss
              </Button>
            </div>
          </section>
        )}
        <Composer
          value={text}
          onChange={setText}
          sendDisabled={chat.pending || chat.loading}
          placeholder="Answer the coach, or list your goals…"
          onSend={() => {
            const t = text;
            setText('');
            void chat.send(t);
          }}
        >
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} disabled={chat.pending || chat.loading}>
            Start Over
          </Button>
        </Composer>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Start Over"
        message={WEEKLY_TEXT.startOverConfirm}
        confirmLabel="Start Over"
        onConfirm={chat.startOver}
      />
    </Modal>
  );
}
