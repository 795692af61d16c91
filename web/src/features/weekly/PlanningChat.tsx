import { useEffect, useRef, useState } from 'react';
import { WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { Button, ConfirmDialog, Modal, Spinner } from '../../ui';
import { Composer } from '../coach/Composer';
import { MessageList } from '../coach/MessageList';
import { type PlanningChatOptions, usePlanningChat } from './usePlanningChat';
import styles from './Weekly.module.css';

/**
 * The planning coach in a dialog. Closing it saves the conversation at once and lets the editor
 * save unsaved plan changes (`onClose`). The coach's goal suggestions go straight into the plan's
 * goals (`onGoals`); the goals added so far are listed above the message box until it closes.
 * The conversation scrolls on its own while the message box stays in view.
 */
export function PlanningChat({
  open,
  onClose,
  addedGoals,
  ...options
}: PlanningChatOptions & { open: boolean; onClose: () => void; addedGoals: string[] }) {
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
        <div className={styles.chatMessages}>
          {chat.loading ? (
            <Spinner label="Loading conversation…" />
          ) : (
            <MessageList messages={chat.messages} typingLabel="Coach is typing" />
          )}
        </div>
        {addedGoals.length > 0 && (
          <section className={styles.suggested} aria-label="Goals added to your plan">
            <p className={styles.suggestedTitle}>Added to your goals</p>
            <p className={styles.addedGoals}>{addedGoals.join(' · ')}</p>
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
