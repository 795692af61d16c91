import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftTarget, dropTranscriptDraft, keepTranscriptDraft, loadTranscriptDraft } from './drafts';

// Runs in Node: a Map stands in for the browser's localStorage.
beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  });
});
afterEach(() => vi.unstubAllGlobals());

const draft = (title: string) => ({
  title,
  date: '2026-03-10',
  transcript_type: 'scheduled' as const,
  context: 'Quarterly',
  content: 'Ana: numbers are final.',
});

describe('transcript drafts', () => {
  it('belong to one target: a new transcript, the quick form, an event, or the edit of one transcript', () => {
    const targets = [
      draftTarget('full'),
      draftTarget('quick'),
      draftTarget('full', { google_event_id: 'ev-1' }),
      draftTarget('full', { google_event_id: 'ev-2' }),
      draftTarget('full', { id: 5, google_event_id: 'ev-1' }),
      draftTarget('full', { id: 6 }),
    ];
    expect(new Set(targets).size).toBe(targets.length);
    targets.forEach((t, i) => {
      keepTranscriptDraft('ana', t, draft(`Draft ${i}`));
    });
    targets.forEach((t, i) => {
      expect(loadTranscriptDraft('ana', t)?.title).toBe(`Draft ${i}`);
    });
  });

  it('are kept per user and dropped on request', () => {
    const target = draftTarget('full', { id: 5 });
    keepTranscriptDraft('ana', target, draft('Mine'));
    expect(loadTranscriptDraft('bo', target)).toBeNull();
    expect(loadTranscriptDraft('ana', target)).toEqual(draft('Mine'));
    dropTranscriptDraft('ana', target);
    expect(loadTranscriptDraft('ana', target)).toBeNull();
  });

  it('read a damaged entry as no draft, or with the unreadable parts empty', () => {
    localStorage.setItem('daymark:draft:ana:transcript:new', '{not json');
    expect(loadTranscriptDraft('ana', 'new')).toBeNull();
    localStorage.setItem(
      'daymark:draft:ana:transcript:new',
      JSON.stringify({ title: 7, content: 'kept', transcript_type: 'x' }),
    );
    expect(loadTranscriptDraft('ana', 'new')).toEqual({
      title: '',
      date: '',
      transcript_type: 'impromptu',
      context: '',
      content: 'kept',
    });
  });
});
