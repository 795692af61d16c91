import { TRANSCRIPT_TYPES, type TranscriptType } from '#common/api/transcripts.js';

/**
 * Transcript text that is not saved yet, kept in this browser per user and per target until a
 * save succeeds: a new transcript (the full form and the quick form each have one), the
 * transcript of a given calendar event, or the edit of a given transcript. Closing the dialog,
 * a reload or a closed tab loses nothing; the form restores the draft when opened again.
 */
export interface TranscriptTextDraft {
  title: string;
  date: string;
  transcript_type: TranscriptType;
  context: string;
  content: string;
}

/** What a draft belongs to. */
export function draftTarget(mode: 'full' | 'quick', initial?: { id?: number; google_event_id?: string | null }) {
  if (initial?.id !== undefined) return `edit:${initial.id}`;
  if (initial?.google_event_id) return `event:${initial.google_event_id}`;
  return mode === 'quick' ? 'new:quick' : 'new';
}

const key = (username: string, target: string) => `daymark:draft:${username}:transcript:${target}`;

export function loadTranscriptDraft(username: string, target: string): TranscriptTextDraft | null {
  try {
    const raw = localStorage.getItem(key(username, target));
    if (!raw) return null;
    const d = JSON.parse(raw) as Partial<Record<keyof TranscriptTextDraft, unknown>>;
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      title: text(d.title),
      date: text(d.date),
      transcript_type: TRANSCRIPT_TYPES.includes(d.transcript_type as TranscriptType)
        ? (d.transcript_type as TranscriptType)
        : 'impromptu',
      context: text(d.context),
      content: text(d.content),
    };
  } catch {
    return null;
  }
}

export function keepTranscriptDraft(username: string, target: string, draft: TranscriptTextDraft): void {
  try {
    localStorage.setItem(key(username, target), JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the dialog still asks before it closes; only the safety net is missing.
  }
}

export function dropTranscriptDraft(username: string, target: string): void {
  try {
    localStorage.removeItem(key(username, target));
  } catch {}
}
