import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Modal } from '../../ui';
import { MessageList } from '../coach/MessageList';
import type { UiMessage } from '../coach/useChat';
import { fetchConversation } from './api';
import styles from './Weekly.module.css';

/**
 * An ended week's planning conversation, to read: the week's plan is read-only, so is its
 * conversation, but it stays there. Nothing is offered when the week had none.
 */
export function PastConversation({ week }: { week: string }) {
  const [open, setOpen] = useState(false);
  const conversation = useQuery({
    queryKey: ['weekly', 'conversation', week],
    queryFn: () => fetchConversation(week),
  });
  const messages: UiMessage[] = (conversation.data?.conversation ?? []).map((m, i) => ({ id: i + 1, ...m }));
  if (!messages.length) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Read Coach Conversation</Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Coach Conversation"
        description="This week has ended: its planning conversation can be read, not continued."
        size="lg"
      >
        <div className={`${styles.chat} ${styles.readOnlyChat}`}>
          <div className={styles.chatMessages}>
            <MessageList messages={messages} typingLabel="Coach is typing" />
          </div>
        </div>
      </Modal>
    </>
  );
}
