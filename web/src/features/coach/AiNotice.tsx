import { AI_TEXTS } from '#common/aiTexts.js';
import styles from './Chat.module.css';

/**
 * Said before anything is typed when the server has no AI model: what is missing, in plain words,
 * and what still works. `id` lets a message field point at it (aria-describedby).
 */
export function AiNotice({ id, stillWorks }: { id: string; stillWorks: string }) {
  return (
    <div id={id} role="note" className={styles.aiNotice} data-testid="ai-notice">
      <p className={styles.aiNoticeTitle}>Answers from your own data only</p>
      <p>
        {AI_TEXTS.notConnected} {stillWorks}
      </p>
    </div>
  );
}

/** What the coaches still do without a model. */
export const COACH_OFFLINE =
  "The coaches can't answer free questions for now. The Executive Daily Briefing and Strategic Day Review in the Assistant still work, built straight from your journal, todos and workouts, and workout plans come from the offline planner.";

/** What the assistant still does without a model. */
export const ASSISTANT_OFFLINE = `Questions get no written answer for now. ${AI_TEXTS.offlineStillWorks}`;
