import { z } from 'zod';
import { ACTION_ITEMS_MAX, extractActionItems } from '#common/actionItems.js';
import type { ActionItemsResponse, Transcript } from '#common/api/transcripts.js';
import { TODO_MAX_LENGTH } from '#common/journalConstants.js';
import { ACTION_ITEMS_SYSTEM_PROMPT, actionItemsPrompt } from '../../ai/prompts/actionItems.js';
import { AiError } from '../../ai/provider.js';
import type { AppContext } from '../../context.js';

/** What the model must return; anything else is refused by the provider layer. */
const modelOutput = z.object({
  items: z
    .array(z.object({ text: z.string().trim().min(1).max(400), source: z.string().max(4000) }))
    .max(ACTION_ITEMS_MAX),
});

const squash = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * Proposes action items for a transcript; nothing is stored. With an AI provider the model
 * proposes them, and only items whose quoted source really is in the transcript are kept (a
 * model talked into inventing items by the transcript's text cannot quote them). Without a
 * provider, or when it fails, the offline rules answer.
 */
export async function proposeActionItems(ctx: AppContext, t: Transcript): Promise<ActionItemsResponse> {
  if (ctx.ai.enabled) {
    try {
      const out = await ctx.ai.generateObject({
        system: ACTION_ITEMS_SYSTEM_PROMPT,
        prompt: actionItemsPrompt(t),
        schema: modelOutput,
      });
      const haystack = squash(t.content);
      const seen = new Set<string>();
      const items = out.items
        .filter((i) => {
          const source = squash(i.source);
          const key = squash(i.text);
          if (source.length < 3 || !haystack.includes(source) || seen.has(key)) return false;
          seen.add(key);
          return true;
        })
        .map((i) => ({ text: i.text.slice(0, TODO_MAX_LENGTH), source: i.source.trim() }));
      return { items, method: ctx.ai.name };
    } catch (err) {
      const reason = err instanceof AiError ? err.message : 'The AI request failed.';
      return {
        items: extractActionItems(t.content),
        method: 'rules',
        notice: `${reason} Found with the offline rules.`,
      };
    }
  }
  return { items: extractActionItems(t.content), method: 'rules' };
}

/** A todo's text naming its meeting, within the todo length limit. */
export function todoText(item: string, t: Pick<Transcript, 'title' | 'date'>): string {
  const suffix = ` (from meeting: ${t.title.slice(0, 120)}, ${t.date})`;
  return `${item.slice(0, TODO_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
}
