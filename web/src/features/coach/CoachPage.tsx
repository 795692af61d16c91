import { useState } from 'react';
import type { CoachType, SpecificEntries } from '#common/api/coach.js';
import { COACH_LABELS, COACH_MESSAGES } from '#common/coachTexts.js';
import { Button, Card } from '../../ui';
import { AiNotice, COACH_OFFLINE } from './AiNotice';
import { useAiConfigured, useConversations } from './api';
import styles from './Chat.module.css';
import { Composer } from './Composer';
import { countAttached, EntryPicker, useAttachableEntries } from './EntryPicker';
import { History } from './History';
import { ChatLayout, HistoryButton, HistoryPanel } from './HistoryPanel';
import { HistoryIcon } from './icons';
import { MessageList } from './MessageList';
import { useChat } from './useChat';
import { useIsNarrow } from './useMediaQuery';

const COACHES: CoachType[] = ['workout', 'vocational'];

/** /coach: the 'New Coach Session' view, then the chat with its history. */
export function CoachPage() {
  const chat = useChat('coach', COACH_MESSAGES.invalidCoachReply);
  const conversations = useConversations(COACHES);
  const entries = useAttachableEntries();
  const narrow = useIsNarrow();
  const [draft, setDraft] = useState('');
  const [chosen, setChosen] = useState<CoachType | null>(null);
  const [attached, setAttached] = useState<SpecificEntries>({});
  const [panelOpen, setPanelOpen] = useState(false);
  const list = conversations.data ?? [];
  const isNew = !chat.conversationUuid && chat.messages.length === 0;
  const noAi = useAiConfigured() === false;
  const notice = noAi ? <AiNotice id="coach-ai-notice" stillWorks={COACH_OFFLINE} /> : null;

  const send = (coachType: CoachType) => {
    const text = draft;
    setDraft('');
    const specificEntries = countAttached(attached) ? attached : undefined;
    setAttached({});
    void chat.send(text, { coachType, specificEntries });
  };
  const newChat = () => {
    chat.newChat();
    setChosen(null);
    setDraft('');
    setAttached({});
    setPanelOpen(false);
  };
  const history = (
    <History
      conversations={list}
      more={{ hasMore: conversations.hasMore, loading: conversations.loadingMore, show: conversations.showMore }}
      activeUuid={chat.conversationUuid}
      onSelect={(uuid) => {
        setPanelOpen(false);
        void chat.load(uuid);
      }}
      onNewChat={newChat}
      onDeleted={(uuid) => uuid === chat.conversationUuid && newChat()}
    />
  );

  if (isNew) {
    return (
      <div className={styles.newSession}>
        <Card title="New Coach Session" description="Choose a coach and say what is on your mind.">
          <div className={styles.stack}>
            {notice}
            <label className={styles.fieldLabel} htmlFor="coach-first-message">
              Your message
            </label>
            <textarea
              id="coach-first-message"
              className={styles.input}
              rows={5}
              value={draft}
              aria-describedby={noAi ? 'coach-ai-notice' : undefined}
              placeholder="e.g. I have 30 minutes and a pair of dumbbells. What should I do today?"
              onChange={(e) => setDraft(e.target.value)}
            />
            <EntryPicker entries={entries} value={attached} onChange={setAttached} />
            <fieldset className={styles.coachChoice}>
              <legend className={styles.fieldLabel}>Coach</legend>
              {COACHES.map((t) => (
                <button
                  key={t}
                  type="button"
                  className={`${styles.coachButton} ${chosen === t ? styles.coachChosen : ''}`}
                  aria-pressed={chosen === t}
                  onClick={() => setChosen(t)}
                >
                  {COACH_LABELS[t]}
                </button>
              ))}
            </fieldset>
            <div className={styles.actionsRow}>
              {list.length > 0 && (
                <Button variant="ghost" icon={<HistoryIcon />} onClick={() => setPanelOpen(true)}>
                  View Previous Chats
                </Button>
              )}
              <Button variant="primary" disabled={!draft.trim() || !chosen} onClick={() => chosen && send(chosen)}>
                Start Chat
              </Button>
            </div>
          </div>
        </Card>
        <HistoryPanel open={panelOpen} onClose={() => setPanelOpen(false)}>
          {history}
        </HistoryPanel>
      </div>
    );
  }

  const coachType = chat.coachType ?? chosen ?? 'workout';
  const current = list.find((c) => c.conversation_uuid === chat.conversationUuid);
  return (
    <ChatLayout
      narrow={narrow}
      history={history}
      panelOpen={panelOpen}
      onClosePanel={() => setPanelOpen(false)}
      label={`${COACH_LABELS[coachType]} chat`}
    >
      <header className={styles.chatHeader}>
        {narrow && <HistoryButton onClick={() => setPanelOpen(true)} />}
        <div className={styles.chatTitle}>
          <span className={styles.badge}>{COACH_LABELS[coachType]}</span>
          {current?.title && <span className={styles.chatName}>{current.title}</span>}
        </div>
        {narrow && (
          <Button size="sm" variant="secondary" onClick={newChat}>
            New Chat
          </Button>
        )}
      </header>
      <MessageList
        messages={chat.messages}
        earlier={{ hasEarlier: chat.hasEarlier, loading: chat.loadingEarlier, show: () => void chat.showEarlier() }}
      />
      {notice}
      <Composer
        value={draft}
        describedBy={noAi ? 'coach-ai-notice' : undefined}
        onChange={setDraft}
        onSend={() => send(coachType)}
        sendDisabled={chat.pending || chat.loading}
        placeholder="Message your coach (Enter to send, Shift+Enter for a new line)"
      >
        <EntryPicker entries={entries} value={attached} onChange={setAttached} />
      </Composer>
    </ChatLayout>
  );
}
