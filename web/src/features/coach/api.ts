import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChatRequest,
  type ChatStreamEvent,
  CONVERSATIONS_PAGE_DEFAULT,
  type CoachMeta,
  type CoachType,
  type Conversation,
  type ConversationDetail,
  chatStreamEvent,
  coachMeta,
  conversationDetail,
  conversationsResponse,
  resetAllResponse,
} from '#common/api/coach.js';
import { settingsResponse } from '#common/api/settings.js';
import { apiRequest, del, get, post, put } from '../../api/client';
import { readEventStream } from '../../api/sse';

export const conversationsKey = ['coach', 'conversations'] as const;

/**
 * The conversations of the coach types this screen shows (part 2 §7), newest first, a page at
 * a time: `data` holds the pages read so far, `showMore` reads the next one.
 */
export function useConversations(coachTypes: CoachType[]) {
  const types = coachTypes.join(',');
  const query = useInfiniteQuery({
    queryKey: [...conversationsKey, 'pages', types],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({
        limit: String(CONVERSATIONS_PAGE_DEFAULT),
        offset: String(pageParam),
        coachTypes: types,
      });
      return get<Conversation[]>(`/coach/conversations?${params}`, { schema: conversationsResponse });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.length < CONVERSATIONS_PAGE_DEFAULT ? undefined : pages.length * CONVERSATIONS_PAGE_DEFAULT,
  });
  return {
    data: query.data?.pages.flat(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    showMore: () => void query.fetchNextPage(),
  };
}

/** A window of the conversation: its latest messages after skipping `offset` of the newest. */
export const fetchConversation = (uuid: string, offset = 0) =>
  get<ConversationDetail>(`/coach/conversations/${uuid}`, {
    schema: conversationDetail,
    query: offset ? { offset } : undefined,
  });

export const renameConversation = (uuid: string, title: string) =>
  put<Conversation>(`/coach/conversations/${uuid}/title`, { title });

export const deleteConversation = (uuid: string) => del(`/coach/conversations/${uuid}`);

export function useRefreshConversations() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: conversationsKey });
}

export const fetchCoachMeta = (t: CoachType) => get<CoachMeta>(`/coach/meta/${t}`, { schema: coachMeta });
export const saveCoachMeta = (
  t: CoachType,
  body: { meta_content: string; base_prompt: string; system_prompt_addition: string },
) => post<CoachMeta>(`/coach/meta/${t}`, body, { schema: coachMeta });
export const resetCoachMeta = (t: CoachType) =>
  post<CoachMeta>(`/coach/meta/${t}/reset`, undefined, { schema: coachMeta });
export const resetAllCoachMeta = () => post('/coach/reset-all-prompts', undefined, { schema: resetAllResponse });

/**
 * Sends one message and reads the reply as server-sent events, calling `onEvent` for each.
 * A non-OK answer before the stream starts throws ApiError; a 401 signs out like every other call.
 */
export async function streamChat(
  body: ChatRequest,
  onEvent: (e: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const res = await apiRequest('/coach/chat/stream', {
    method: 'POST',
    body,
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  await readEventStream(res, chatStreamEvent, onEvent);
}

/**
 * Whether the server has an AI model connected (from the settings answer), or undefined while it
 * is being read: the coach and assistant screens say so before anything is typed.
 */
export function useAiConfigured(): boolean | undefined {
  const q = useQuery({
    queryKey: ['workout', 'settings'],
    queryFn: () => get('/settings', { schema: settingsResponse }),
    staleTime: 5 * 60_000,
  });
  return q.data?.aiConfigured;
}
