import { ASSISTANT_REQUESTS } from '#common/coachTexts.js';
import { todayIn } from '#common/time.js';
import { CoachService } from '../../features/coach/service.js';
import { ReminderDispatcher } from '../../features/reminders/dispatcher.js';
import { briefingMessage, briefingSummary } from '../../features/reminders/messages.js';
import type { JobType } from './jobType.js';

export const briefingTitle = (date: string) => `Executive Daily Briefing — ${date}`;

/**
 * Prepares the user's Executive Daily Briefing through the assistant's own path (the AI provider
 * when configured, else the offline report), so it waits in the Assistant's history as a
 * conversation titled with the date.
 */
export const assistantBriefing: JobType = {
  type: 'assistant_briefing',
  name: 'Assistant briefing',
  description:
    "Prepares your Executive Daily Briefing at the scheduled time and saves it in the Assistant's history, titled with the date.",
  configSchema: {},
  system: false,
  timeoutMs: () => 5 * 60 * 1000,
  unavailable: () => null,
  async run({ ctx, job, signal, now }) {
    const coach = new CoachService(ctx);
    let uuid: string | undefined;
    let reply = '';
    for await (const event of coach.chat(
      job.user_id,
      { messages: [{ role: 'user', content: ASSISTANT_REQUESTS.briefing }], coachType: 'assistant' },
      { signal },
    )) {
      if (event.type === 'conversation') uuid = event.conversation_uuid;
      if (event.type === 'error') throw new Error(`The briefing could not be prepared: ${event.error}`);
      if (event.type === 'message') reply = event.message.content;
    }
    if (!uuid || signal.aborted) throw new Error('The briefing could not be prepared');
    const date = todayIn(job.timezone, now());
    const title = briefingTitle(date);
    await coach.rename(job.user_id, uuid, title);
    // The user's channels carrying the briefing hear that it is ready (once per day and channel).
    await new ReminderDispatcher(ctx, { now }).notify(job.user_id, {
      kind: 'briefing',
      key: `briefing:${date}`,
      payload: briefingMessage(briefingSummary(reply)),
    });
    return { output: `Saved '${title}' (${reply.length} characters) in the Assistant's history: ${uuid}` };
  },
};
