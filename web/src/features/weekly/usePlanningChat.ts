import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlanningMessage, SimplifiedEvent } from '#common/api/weekly.js';
import { WEEKLY_CHAT_AUTOSAVE_MS, WEEKLY_TEXT } from '#common/weeklyTexts.js';
import { ApiError, messageOf } from '../../api/client';
import { useToast } from '../../ui';
import type { UiMessage } from '../coach/useChat';
import { deleteConversation, fetchConversation, saveConversation, streamCoach } from './api';
import type { PlanForm } from './planForm';

let nextId = 1;
const ui = (m: PlanningMessage, extra: Partial<UiMessage> = {}): UiMessage => ({ id: nextId++, ...m, ...extra });
/** What is stored: the exchange without failed replies. */
const stored = (list: UiMessage[]): PlanningMessage[] =>
  list.filter((m) => !m.error && !m.streaming).map((m) => ({ role: m.role, content: m.content }));

export interface PlanningChatOptions {
  week: string;
  isNewPlan: boolean;
  form: () => PlanForm;
  events: SimplifiedEvent[];
  /** The coach's goal suggestions, as they arrive: the editor merges them into the plan's goals. */
  onGoals: (goals: string[]) => void;
}

/**
 * The planning conversation of a week: loaded when the chat opens, started by the coach when
 * there is none, saved 3 s after each change and at once when the chat closes.
 */
export function usePlanningChat({ week, isNewPlan, form, events, onGoals }: PlanningChatOptions) {
  const toast = useToast();
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [loading, setLoading] = useState(false);
  const [pending, setPending] = useState(false);
  const conversationId = useRef<number | null>(null);
  const dirty = useRef(false);
  const latest = useRef<UiMessage[]>([]);
  latest.current = messages;
  const goalsTo = useRef(onGoals);
  goalsTo.current = onGoals;

  const persist = useCallback(async () => {
    if (!dirty.current) return;
    dirty.current = false;
    try {
      const saved = await saveConversation(week, stored(latest.current));
      conversationId.current = saved.id;
    } catch {
      dirty.current = true;
    }
  }, [week]);

  // Autosave 3 s after the last change (not while a reply is still arriving).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new message list restarts the 3 s wait
  useEffect(() => {
    if (!dirty.current || pending) return;
    const t = window.setTimeout(() => void persist(), WEEKLY_CHAT_AUTOSAVE_MS);
    return () => window.clearTimeout(t);
  }, [messages, pending, persist]);

  /** One turn: the user's message (empty to let the coach open) and the streamed reply. */
  const ask = useCallback(
    async (text: string, history: UiMessage[]) => {
      const reply = ui({ role: 'assistant', content: '' }, { streaming: true });
      const base = text ? [...history, ui({ role: 'user', content: text })] : history;
      setMessages([...base, reply]);
      setPending(true);
      const update = (patch: Partial<UiMessage>) =>
        setMessages((list) => list.map((m) => (m.id === reply.id ? { ...m, ...patch } : m)));
      let content = '';
      let failure: string | undefined;
      try {
        await streamCoach(
          {
            date: week,
            dateParam: week,
            userMessage: text,
            weeklyPlanData: { ...form(), calendar_events: events },
            isNewPlan,
            conversation: stored(history),
          },
          (e) => {
            if (e.type === 'delta') {
              content += e.text;
              update({ content });
            } else if (e.type === 'goals') goalsTo.current(e.goals);
            else if (e.type === 'warning') toast.error(e.message);
            else if (e.type === 'message') content = e.message.content;
            else if (e.type === 'error') failure = e.error;
          },
        );
      } catch (err) {
        failure = messageOf(err, err instanceof Error ? err.message : undefined);
      }
      if (failure !== undefined) {
        if (text) {
          toast.error(WEEKLY_TEXT.responseFailed(failure));
          update({ content: WEEKLY_TEXT.apology, streaming: false, error: true });
        } else {
          toast.error(WEEKLY_TEXT.startFailed(failure));
          update({ content: WEEKLY_TEXT.fallbackGreeting, streaming: false });
          dirty.current = true;
        }
      } else {
        update({ content, streaming: false });
        dirty.current = true;
      }
      setPending(false);
    },
    [week, form, events, isNewPlan, toast],
  );

  /** Loads the week's conversation, or starts one. */
  const open = useCallback(async () => {
    setLoading(true);
    setMessages([]);
    let existing: PlanningMessage[] = [];
    try {
      const c = await fetchConversation(week);
      conversationId.current = c.id;
      existing = c.conversation;
    } catch {
      toast.error(WEEKLY_TEXT.loadConversationFailed);
    }
    setLoading(false);
    if (existing.length) setMessages(existing.map((m) => ui(m)));
    else await ask('', []);
  }, [week, ask, toast]);

  const send = (text: string) => ask(text.trim(), latest.current);

  /** Deletes the conversation and lets the coach start again. */
  const startOver = async () => {
    dirty.current = false;
    try {
      if (conversationId.current) await deleteConversation(week);
    } catch {
      // The dialog shows this text and stays open.
      throw new ApiError(0, WEEKLY_TEXT.resetFailed);
    }
    conversationId.current = null;
    void ask('', []);
  };

  return {
    messages,
    loading,
    pending,
    open,
    send,
    startOver,
    persist,
  };
}
