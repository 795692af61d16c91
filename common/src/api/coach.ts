import { z } from 'zod';
import { COACH_MESSAGES, COACH_TYPES } from '../coachTexts.js';
import { BULK_DELETE_MAX, idField } from './common.js';

export const coachType = z.enum(COACH_TYPES);
export type CoachType = z.infer<typeof coachType>;

export const conversationUuid = z.string().uuid();

export const conversation = z
  .object({
    conversation_uuid: z.string(),
    coach_type: coachType,
    title: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'CoachConversation' });
export type Conversation = z.infer<typeof conversation>;

export const chatMessage = z
  .object({
    role: z.enum(['user', 'assistant']),
    content: z.string(),
    timestamp: z.string(),
    thoughts: z.string().nullable().optional(),
  })
  .meta({ id: 'CoachMessage' });
export type ChatMessageOut = z.infer<typeof chatMessage>;

export const conversationsResponse = z.array(conversation);

/** A page of the conversation list: newest first, `limit` from `offset`. */
export const CONVERSATIONS_PAGE_DEFAULT = 100;
export const CONVERSATIONS_PAGE_MAX = 500;
export const listConversationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CONVERSATIONS_PAGE_MAX).default(CONVERSATIONS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  /** Only these coaches' conversations, comma-separated (workout,vocational); all when absent. */
  coachTypes: z
    .string()
    .regex(new RegExp(`^(${COACH_TYPES.join('|')})(,(${COACH_TYPES.join('|')}))*$`), 'Unknown coach type')
    .optional(),
});
export type ListConversationsQuery = z.infer<typeof listConversationsQuery>;
export const bulkDeleteConversationsRequest = z.object({
  uuids: z
    .array(conversationUuid)
    .min(1, 'Choose at least one conversation')
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} items at once`),
});
/** A window of a conversation's messages: the latest `limit` after skipping `offset` of the newest. */
export const MESSAGES_PAGE_DEFAULT = 200;
export const MESSAGES_PAGE_MAX = 1000;
export const conversationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MESSAGES_PAGE_MAX).default(MESSAGES_PAGE_DEFAULT),
  /** Newest messages skipped: the next (earlier) window starts at offset + limit. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const conversationDetail = z.object({
  conversation,
  /** Oldest first. */
  messages: z.array(chatMessage),
  /** Whether messages older than this window exist. */
  has_earlier: z.boolean(),
});
export type ConversationDetail = z.infer<typeof conversationDetail>;

export const renameRequest = z.object({
  title: z.string().trim().min(1, COACH_MESSAGES.titleRequired).max(200),
});

const idList = z.array(z.union([idField('entry id'), z.string().max(100)])).max(50);

/** Notes the user attached to a message: journal entry ids, transcript ids, note ids. */
export const specificEntries = z.object({
  journalEntries: idList.optional(),
  transcripts: idList.optional(),
  notes: idList.optional(),
});
export type SpecificEntries = z.infer<typeof specificEntries>;

export const chatRequest = z.object({
  messages: z
    .array(
      z.object({
        // A 'coach' role from older clients is treated as assistant; only the user's turn is sent.
        role: z.literal('user', { error: COACH_MESSAGES.oneUserMessage }),
        content: z.string().trim().min(1, COACH_MESSAGES.emptyMessage).max(20_000),
      }),
    )
    .length(1, COACH_MESSAGES.oneUserMessage),
  coachType: coachType,
  conversation_uuid: conversationUuid.nullable().optional(),
  specificEntries: specificEntries.optional(),
  includeEndOfDayContext: z.boolean().optional(),
});
export type ChatRequest = z.infer<typeof chatRequest>;

export const assistantMessage = z.object({
  role: z.literal('assistant'),
  content: z.string(),
  thoughts: z.string().nullable().optional(),
  timestamp: z.string(),
});
export const chatResponse = z.object({ conversation_uuid: z.string(), message: assistantMessage });
export type ChatResponse = z.infer<typeof chatResponse>;

/** Events of POST /api/coach/chat/stream, one per server-sent event, in this order. */
export const chatStreamEvent = z
  .discriminatedUnion('type', [
    /** The conversation the user's message was saved in (sent first). */
    z.object({ type: z.literal('conversation'), conversation_uuid: z.string() }),
    /** A piece of the reply as the model writes it. */
    z.object({ type: z.literal('delta'), text: z.string() }),
    /** The saved reply: the stream ends after it. */
    z.object({ type: z.literal('message'), conversation_uuid: z.string(), message: assistantMessage }),
    /** The reply failed; the user's message stays saved. */
    z.object({ type: z.literal('error'), error: z.string() }),
  ])
  .meta({
    id: 'CoachChatStreamEvent',
    description:
      'One server-sent event: `data: <event as JSON>`. Order: conversation, delta…, then message or error; the stream ends after it.',
  });
export type ChatStreamEvent = z.infer<typeof chatStreamEvent>;

export const coachMeta = z
  .object({
    coach_type: coachType,
    meta_content: z.string(),
    base_prompt: z.string(),
    system_prompt_addition: z.string(),
    /** True when the stored prompts differ from the built-in defaults. */
    customized: z.boolean(),
  })
  .meta({ id: 'CoachMeta' });
export type CoachMeta = z.infer<typeof coachMeta>;

export const saveCoachMetaRequest = z.object({
  meta_content: z.string().max(20_000),
  base_prompt: z.string().trim().min(1, COACH_MESSAGES.basePromptRequired).max(20_000).optional(),
  system_prompt_addition: z.string().trim().min(1, COACH_MESSAGES.detailsRequired).max(40_000).optional(),
});
export type SaveCoachMetaRequest = z.infer<typeof saveCoachMetaRequest>;

export const resetAllResponse = z.object({ coaches: z.array(coachMeta) });
