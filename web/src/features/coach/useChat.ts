import { useCallback, useEffect, useRef, useState } from 'react';
import type { CoachType, SpecificEntries } from '#common/api/coach.js';
import { splitThoughts } from '#common/thoughts.js';
import { messageOf } from '../../api/client';
import { useAppletState } from '../../app/appletState';
import { fetchConversation, streamChat, useRefreshConversations } from './api';

export interface UiMessage {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  thoughts?: string | null;
  /** The reply failed: content starts with 'Error: '. */
  error?: boolean;
  /** The reply is still being written. */
  streaming?: boolean;
}

let nextId = 1;

const toUi = (m: { role: 'user' | 'assistant'; content: string; thoughts?: string | null | undefined }): UiMessage => ({
  id: nextId++,
  role: m.role,
  content: m.content,
  thoughts: m.thoughts,
});

export interface SendOptions {
  coachType: CoachType;
  specificEntries?: SpecificEntries;
  includeEndOfDayContext?: boolean;
}

/**
 * One conversation on screen: its messages, the pending reply and the open conversation's id
 * (kept for the browser session so a reload reopens it). Used by the coach and the assistant.
 */
export function useChat(applet: 'coach' | 'assistant', invalidReply: string) {
  const [conversationUuid, setConversationUuid] = useAppletState<string | null>(applet, 'conversation', null);
  const [coachType, setCoachType] = useAppletState<CoachType | null>(applet, 'coachType', null);
  const [messages, setMessages] = useState<UiMessage[]>([]);
  const [pending, setPending] = useState(false);
  const [loading, setLoading] = useState(false);
  /** Older messages than those shown exist (a long conversation is read a window at a time). */
  const [hasEarlier, setHasEarlier] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const refresh = useRefreshConversations();
  const abortRef = useRef<AbortController | null>(null);
  const loadedRef = useRef<string | null>(null);

  const load = useCallback(
    async (uuid: string) => {
      abortRef.current?.abort();
      loadedRef.current = uuid;
      setConversationUuid(uuid);
      setLoading(true);
      try {
        const d = await fetchConversation(uuid);
        setCoachType(d.conversation.coach_type);
        setMessages(d.messages.map(toUi));
        setHasEarlier(d.has_earlier);
      } catch {
        // A history that cannot be loaded gives an empty conversation (part 2 §4).
        setMessages([]);
        setHasEarlier(false);
        setConversationUuid(null);
      } finally {
        setLoading(false);
      }
    },
    [setConversationUuid, setCoachType],
  );

  /** Puts the window before the shown messages in front of them. */
  const showEarlier = useCallback(async () => {
    const uuid = loadedRef.current;
    if (!uuid) return;
    // The stored messages on screen: failed replies are not stored, a streaming one not yet.
    const shown = messages.filter((m) => !m.error && !m.streaming).length;
    setLoadingEarlier(true);
    try {
      const d = await fetchConversation(uuid, shown);
      if (loadedRef.current !== uuid) return;
      setMessages((list) => [...d.messages.map(toUi), ...list]);
      setHasEarlier(d.has_earlier);
    } catch {
      // The button stays; the next press tries again.
    } finally {
      setLoadingEarlier(false);
    }
  }, [messages]);

  // Reopen the conversation kept in the session after a reload.
  useEffect(() => {
    if (conversationUuid && loadedRef.current !== conversationUuid && !pending) void load(conversationUuid);
  }, [conversationUuid, load, pending]);

  const newChat = useCallback(() => {
    abortRef.current?.abort();
    loadedRef.current = null;
    setConversationUuid(null);
    setCoachType(null);
    setMessages([]);
    setHasEarlier(false);
    setPending(false);
  }, [setConversationUuid, setCoachType]);

  const send = useCallback(
    async (text: string, opts: SendOptions) => {
      const content = text.trim();
      if (!content || pending) return;
      const replyId = nextId++;
      setCoachType(opts.coachType);
      setMessages((m) => [
        ...m,
        { id: nextId++, role: 'user', content },
        { id: replyId, role: 'assistant', content: '', streaming: true },
      ]);
      const update = (patch: Partial<UiMessage> | ((m: UiMessage) => Partial<UiMessage>)) =>
        setMessages((list) =>
          list.map((m) => (m.id === replyId ? { ...m, ...(typeof patch === 'function' ? patch(m) : patch) } : m)),
        );
      setPending(true);
      const abort = new AbortController();
      abortRef.current = abort;
      let finished = false;
      try {
        await streamChat(
          {
            messages: [{ role: 'user', content }],
            coachType: opts.coachType,
            conversation_uuid: conversationUuid,
            specificEntries: opts.specificEntries,
            includeEndOfDayContext: opts.includeEndOfDayContext,
          },
          (ev) => {
            if (ev.type === 'conversation') {
              loadedRef.current = ev.conversation_uuid;
              setConversationUuid(ev.conversation_uuid);
              void refresh();
            } else if (ev.type === 'delta') {
              update((m) => ({ content: m.content + ev.text }));
            } else if (ev.type === 'message') {
              finished = true;
              const ok = ev.message.role === 'assistant' && ev.message.content.trim() !== '';
              update({
                content: ok ? ev.message.content : invalidReply,
                thoughts: ev.message.thoughts,
                streaming: false,
              });
            } else if (ev.type === 'error') {
              finished = true;
              update({ content: `Error: ${ev.error}`, error: true, streaming: false });
            }
          },
          abort.signal,
        );
        if (!finished && !abort.signal.aborted) update({ content: invalidReply, streaming: false });
      } catch (err) {
        if (!abort.signal.aborted) {
          update({ content: `Error: ${messageOf(err, 'Failed to get a reply')}`, error: true, streaming: false });
        }
      } finally {
        if (abortRef.current === abort) {
          setPending(false);
          abortRef.current = null;
        }
        void refresh();
      }
    },
    [pending, conversationUuid, setConversationUuid, setCoachType, refresh, invalidReply],
  );

  return {
    conversationUuid,
    coachType,
    messages,
    pending,
    loading,
    send,
    load,
    newChat,
    hasEarlier,
    loadingEarlier,
    showEarlier,
  };
}

/** A reply while it streams: the visible text and whether the model is still thinking. */
export function visibleReply(m: UiMessage): { content: string; thoughts: string | null; thinking: boolean } {
  if (!m.streaming) return { content: m.content, thoughts: m.thoughts ?? null, thinking: false };
  const s = splitThoughts(m.content);
  const thinking = /<think(ing)?>/i.test(m.content) && !/<\/think(ing)?>/i.test(m.content);
  return { ...s, thinking };
}
