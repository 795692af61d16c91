import { randomUUID } from 'node:crypto';
import { AI_TEXTS } from '#common/aiTexts.js';
import type { ChatRequest, ChatStreamEvent, CoachMeta, CoachType, SaveCoachMetaRequest } from '#common/api/coach.js';
import { coachMeta, conversationsResponse } from '#common/api/coach.js';
import { ASSISTANT_REQUESTS, COACH_MESSAGES, COACH_TYPES } from '#common/coachTexts.js';
import { MESSAGES } from '#common/constants.js';
import { splitThoughts } from '#common/thoughts.js';
import { adminHintOf } from '../../ai/errors.js';
import { type CoachPrompts, DEFAULT_PROMPTS, isCustomized } from '../../ai/prompts/coach.js';
import { AiError } from '../../ai/provider.js';
import type { AppContext } from '../../context.js';
import { nowIso } from '../../db/migrationHelpers.js';
import { notFound } from '../../http/errors.js';
import { compileResponseSerializer } from '../../http/serializer.js';
import { writtenOnce } from '../../http/writtenOnce.js';
import { userToday } from '../../time/userZone.js';
import { buildContext, coachReads, systemPrompt } from './contextBuilder.js';
import { buildOfflineReport, type OfflineKind } from './offlineReport.js';
import * as repo from './repo.js';
import { loadCoachData } from './sources.js';

/** How many earlier messages of a conversation go back to the model. */
const HISTORY_LIMIT = 40;

/** The reply to a free question without a model: what the user can still do, in plain words. */
export const NO_PROVIDER_REPLY = AI_TEXTS.coachReply;

const presentConversation = (c: Awaited<ReturnType<typeof repo.listConversations>>[number]) => ({
  conversation_uuid: c.conversation_uuid,
  coach_type: c.coach_type as CoachType,
  title: c.title,
  created_at: c.created_at,
  updated_at: c.updated_at,
});

const roleOf = (role: string) => (role === 'user' ? ('user' as const) : ('assistant' as const));

const presentMeta = (coachType: CoachType, p: CoachPrompts & { meta_content: string }): CoachMeta => ({
  coach_type: coachType,
  ...p,
  customized: isCustomized(coachType, p),
});

/** The history written by the route's own compiled serialiser (PostgreSQL; SQLite writes it itself). */
const writeConversations = compileResponseSerializer(conversationsResponse);

/** A coach's settings written by the same compiled serialiser as the route's response. */
const writeMeta = compileResponseSerializer(coachMeta) as (m: CoachMeta) => string;

/**
 * Coach settings written as JSON once (`writtenOnce`), by user and coach: the coach screens read
 * them on every visit, and the built-in prompts alone are some 2.4 KB of text to escape.
 */
const writtenMeta = writtenOnce(2 * 1024 * 1024);

/** Which offline report an assistant request asks for, if any. */
export function offlineKindOf(message: string, includeEndOfDay?: boolean): OfflineKind | undefined {
  if (includeEndOfDay) return 'review';
  const m = message.trim().toLowerCase();
  if (m === ASSISTANT_REQUESTS.briefing.toLowerCase() || /\bdaily briefing\b/.test(m)) return 'briefing';
  if (m === ASSISTANT_REQUESTS.review.toLowerCase() || /\b(day review|end[- ]of[- ]day)\b/.test(m)) return 'review';
  return undefined;
}

/** A briefing or a review names its conversation; other conversations stay untitled until renamed. */
function reportConversationTitle(message: string, includeEndOfDay?: boolean): string | null {
  const kind = offlineKindOf(message, includeEndOfDay);
  return kind === 'briefing' ? 'Executive Daily Briefing' : kind === 'review' ? 'Strategic Day Review' : null;
}

export class CoachService {
  constructor(private readonly ctx: AppContext) {}

  private get db() {
    return this.ctx.db;
  }

  async list(userId: number, page: { limit: number; offset: number; coachTypes?: string | undefined }) {
    const coachTypes = page.coachTypes?.split(',');
    return (await repo.listConversations(this.db, userId, { ...page, coachTypes })).map(presentConversation);
  }

  /** The same page as the answer's JSON text: written by SQLite itself, by the route's serialiser on PostgreSQL. */
  async listJson(userId: number, page: { limit: number; offset: number; coachTypes?: string | undefined }) {
    if (this.ctx.dialect !== 'sqlite') return writeConversations(await this.list(userId, page));
    return repo.listConversationsJson(this.db, userId, { ...page, coachTypes: page.coachTypes?.split(',') });
  }

  /** The user's conversation, else 404. */
  async owned(userId: number, uuid: string) {
    const c = await repo.findConversation(this.db, userId, uuid);
    if (!c) throw notFound(COACH_MESSAGES.conversationNotFound);
    return c;
  }

  /** A window of the conversation's messages (see conversationQuery); one more is read to tell if earlier ones exist. */
  async get(userId: number, uuid: string, page: { limit: number; offset: number }) {
    const c = await this.owned(userId, uuid);
    const rows = await repo.listMessages(this.db, userId, c.id, { last: page.limit + 1, skip: page.offset });
    const hasEarlier = rows.length > page.limit;
    const messages = new Array(rows.length - (hasEarlier ? 1 : 0));
    for (let i = 0; i < messages.length; i++) {
      const m = rows[i + (hasEarlier ? 1 : 0)] as (typeof rows)[number];
      messages[i] = { role: roleOf(m.role), content: m.content, timestamp: m.created_at, thoughts: m.thoughts };
    }
    return { conversation: presentConversation(c), messages, has_earlier: hasEarlier };
  }

  async rename(userId: number, uuid: string, title: string) {
    const c = await repo.setTitle(this.db, userId, uuid, title.trim());
    if (!c) throw notFound(COACH_MESSAGES.conversationNotFound);
    return presentConversation(c);
  }

  async remove(userId: number, uuid: string) {
    if (!(await repo.deleteConversation(this.db, userId, uuid))) throw notFound(COACH_MESSAGES.conversationNotFound);
  }

  /** One transaction; uuids that are not the user's match nothing and are simply not counted. */
  async removeMany(userId: number, uuids: readonly string[]) {
    const unique = [...new Set(uuids)];
    const deleted = await this.db.transaction().execute((trx) => repo.deleteConversations(trx, userId, unique));
    return { deleted };
  }

  async getMeta(userId: number, coachType: CoachType): Promise<CoachMeta> {
    const stored = await repo.findMeta(this.db, userId, coachType);
    return presentMeta(coachType, stored ?? { meta_content: '', ...DEFAULT_PROMPTS[coachType] });
  }

  /** The same answer as `getMeta`, as the response's JSON (written once while the prompts are unchanged). */
  async getMetaJson(userId: number, coachType: CoachType): Promise<Buffer> {
    const p = (await repo.findMeta(this.db, userId, coachType)) ?? { meta_content: '', ...DEFAULT_PROMPTS[coachType] };
    return writtenMeta(
      `${userId}:${coachType}`,
      [coachType, p.meta_content, p.base_prompt, p.system_prompt_addition],
      () => ({
        text: writeMeta(presentMeta(coachType, p)),
        extra: undefined,
      }),
    ).json;
  }

  /** Stores a coach's settings and answers with what was stored. */
  private async writeMeta(userId: number, coachType: CoachType, p: CoachPrompts & { meta_content: string }) {
    await repo.upsertMeta(this.db, userId, coachType, { ...p, now: nowIso() });
    return presentMeta(coachType, p);
  }

  async saveMeta(userId: number, coachType: CoachType, body: SaveCoachMetaRequest): Promise<CoachMeta> {
    const current = await this.getMeta(userId, coachType);
    return this.writeMeta(userId, coachType, {
      meta_content: body.meta_content,
      base_prompt: body.base_prompt ?? current.base_prompt,
      system_prompt_addition: body.system_prompt_addition ?? current.system_prompt_addition,
    });
  }

  /** Restores the built-in prompts; the user's meta information is theirs and stays. */
  async resetMeta(userId: number, coachType: CoachType): Promise<CoachMeta> {
    const current = await this.getMeta(userId, coachType);
    return this.writeMeta(userId, coachType, { meta_content: current.meta_content, ...DEFAULT_PROMPTS[coachType] });
  }

  async resetAll(userId: number): Promise<CoachMeta[]> {
    const out: CoachMeta[] = [];
    for (const t of COACH_TYPES) out.push(await this.resetMeta(userId, t));
    return out;
  }

  /**
   * One turn of a conversation as a stream of events. The user's message is saved before the
   * model is asked, so a failed reply keeps it; the reply is saved once complete.
   */
  async *chat(
    userId: number,
    req: ChatRequest,
    opts: {
      signal?: AbortSignal;
      logError?: (err: unknown) => void;
      /** A provider failure the user was told about in plain words; the log gets what to check. */
      logAiFailure?: (failure: { error: string; details?: string; hint?: string }) => void;
    } = {},
  ): AsyncGenerator<ChatStreamEvent> {
    const { signal } = opts;
    const userText = req.messages[0]?.content.trim() ?? '';
    const now = nowIso();
    const existing = req.conversation_uuid ? await this.owned(userId, req.conversation_uuid) : null;
    // One transaction (one commit, not three) before the model is asked: it is on the path to
    // the first token.
    const conv = await this.db.transaction().execute(async (trx) => {
      const c =
        existing ??
        (await repo.insertConversation(trx, userId, {
          conversation_uuid: randomUUID(),
          coach_type: req.coachType,
          title: req.coachType === 'assistant' ? reportConversationTitle(userText, req.includeEndOfDayContext) : null,
          now,
        }));
      await repo.insertMessage(trx, userId, {
        conversation_id: c.id,
        role: 'user',
        content: userText,
        thoughts: null,
        now,
      });
      await repo.touchConversation(trx, userId, c.id, now);
      return c;
    });
    const coachType = conv.coach_type as CoachType;
    yield { type: 'conversation', conversation_uuid: conv.conversation_uuid };

    const today = await userToday(this.db, userId);
    const model = this.ctx.ai;
    let full = '';
    try {
      const data = await loadCoachData(
        this.ctx,
        { userId, today, specificEntries: req.specificEntries },
        coachReads(coachType),
      );
      if (!model.enabled) {
        const kind = coachType === 'assistant' ? offlineKindOf(userText, req.includeEndOfDayContext) : undefined;
        full = kind ? buildOfflineReport(kind, data, today) : NO_PROVIDER_REPLY;
        yield { type: 'delta', text: full };
      } else {
        const meta = await this.getMeta(userId, coachType);
        const context = buildContext(coachType, data, { today, includeEndOfDay: req.includeEndOfDayContext });
        const history = (await repo.listMessages(this.db, userId, conv.id, { last: HISTORY_LIMIT })).map((m) => ({
          role: roleOf(m.role),
          content: m.content,
        }));
        for await (const piece of model.streamText({
          system: systemPrompt(meta, context),
          messages: history,
          signal,
        })) {
          if (!piece) continue;
          full += piece;
          yield { type: 'delta', text: piece };
        }
      }
    } catch (err) {
      if (signal?.aborted) return;
      // Only provider errors are written for the user; anything else is logged.
      const shown = err instanceof AiError ? err.message : undefined;
      if (!shown) opts.logError?.(err);
      else if (err instanceof AiError)
        opts.logAiFailure?.({ error: shown, details: err.details, hint: adminHintOf(err) });
      yield { type: 'error', error: shown ?? MESSAGES.somethingWrong };
      return;
    }
    const { content, thoughts } = splitThoughts(full);
    const saved = nowIso();
    await this.db.transaction().execute(async (trx) => {
      await repo.insertMessage(trx, userId, {
        conversation_id: conv.id,
        role: 'assistant',
        content,
        thoughts,
        now: saved,
      });
      await repo.touchConversation(trx, userId, conv.id, saved);
    });
    yield {
      type: 'message',
      conversation_uuid: conv.conversation_uuid,
      message: { role: 'assistant', content, thoughts, timestamp: saved },
    };
  }
}
