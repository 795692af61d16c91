import { useState } from 'react';
import { ASSISTANT_REQUESTS, COACH_MESSAGES } from '#common/coachTexts.js';
import { type ReportKind, scoreReply } from '#common/reportDetection.js';
import { Button } from '../../ui';
import { AiNotice, ASSISTANT_OFFLINE } from '../coach/AiNotice';
import { useAiConfigured, useConversations } from '../coach/api';
import chat from '../coach/Chat.module.css';
import { Composer } from '../coach/Composer';
import { History } from '../coach/History';
import { ChatLayout, HistoryButton } from '../coach/HistoryPanel';
import { MessageList } from '../coach/MessageList';
import { type UiMessage, useChat } from '../coach/useChat';
import { useIsNarrow } from '../coach/useMediaQuery';
import styles from './Assistant.module.css';
import { ReportCard } from './ReportCard';

const kindOf = (request: string | undefined): ReportKind =>
  request === ASSISTANT_REQUESTS.review ? 'review' : request === ASSISTANT_REQUESTS.briefing ? 'briefing' : 'other';

/** /assistant: briefings, reviews and questions for the executive assistant. */
export function AssistantPage() {
  const c = useChat('assistant', COACH_MESSAGES.invalidAssistantReply);
  const conversations = useConversations(['assistant']);
  const narrow = useIsNarrow();
  const [draft, setDraft] = useState('');
  const [panelOpen, setPanelOpen] = useState(false);
  const noAi = useAiConfigured() === false;

  const ask = (text: string, includeEndOfDayContext?: boolean) => {
    void c.send(text, { coachType: 'assistant', includeEndOfDayContext });
  };
  const renderAssistant = (m: UiMessage, index: number) => {
    if (!scoreReply(m.content).isReport) return undefined;
    const request = c.messages[index - 1];
    return <ReportCard text={m.content} kind={kindOf(request?.role === 'user' ? request.content : undefined)} />;
  };
  const newChat = () => {
    c.newChat();
    setDraft('');
    setPanelOpen(false);
  };
  const history = (
    <History
      conversations={conversations.data ?? []}
      more={{ hasMore: conversations.hasMore, loading: conversations.loadingMore, show: conversations.showMore }}
      activeUuid={c.conversationUuid}
      showType={false}
      onSelect={(uuid) => {
        setPanelOpen(false);
        void c.load(uuid);
      }}
      onNewChat={newChat}
      onDeleted={(uuid) => uuid === c.conversationUuid && newChat()}
    />
  );

  return (
    <ChatLayout
      narrow={narrow}
      history={history}
      panelOpen={panelOpen}
      onClosePanel={() => setPanelOpen(false)}
      label="Assistant"
    >
      <div className={styles.intro}>
        <div className={styles.introText}>
          <h2 className={styles.introTitle}>Your executive assistant</h2>
          <p className={chat.muted}>
            Start the day with a briefing of your priorities, todos, workout and yesterday's open loops, and close it
            with a review of what got done and what comes first tomorrow. Or ask anything about your day.
          </p>
        </div>
        {narrow && <HistoryButton onClick={() => setPanelOpen(true)} />}
      </div>
      {noAi && <AiNotice id="assistant-ai-notice" stillWorks={ASSISTANT_OFFLINE} />}
      <div className={styles.quick}>
        <Button variant="primary" disabled={c.pending} onClick={() => ask(ASSISTANT_REQUESTS.briefing)}>
          Executive Daily Briefing
        </Button>
        <Button variant="secondary" disabled={c.pending} onClick={() => ask(ASSISTANT_REQUESTS.review, true)}>
          Strategic Day Review
        </Button>
        {narrow && c.messages.length > 0 && (
          <Button variant="ghost" onClick={newChat}>
            New Chat
          </Button>
        )}
      </div>
      {c.messages.length > 0 && (
        <MessageList
          messages={c.messages}
          renderAssistant={renderAssistant}
          typingLabel="Assistant is typing"
          earlier={{ hasEarlier: c.hasEarlier, loading: c.loadingEarlier, show: () => void c.showEarlier() }}
        />
      )}
      <Composer
        value={draft}
        label="Ask your assistant"
        placeholder="Ask about your day, your priorities or your week…"
        sendLabel="Ask Assistant"
        describedBy={noAi ? 'assistant-ai-notice' : undefined}
        onChange={setDraft}
        sendDisabled={c.pending || c.loading}
        onSend={() => {
          const text = draft;
          setDraft('');
          ask(text);
        }}
      />
    </ChatLayout>
  );
}
