import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  draftProblem,
  eventRange,
  initialTranscriptWindow,
  mergeById,
  prefillFromEvent,
  previewOf,
  summaryPreview,
} from './transcriptRules.js';

describe('transcript rules', () => {
  it('cuts previews at 150 characters with "..."', () => {
    expect(previewOf('x'.repeat(150))).toBe('x'.repeat(150));
    expect(previewOf('x'.repeat(151))).toBe(`${'x'.repeat(150)}...`);
    expect(previewOf('')).toBe('');
    // A listed transcript carries its first 150 characters and its length instead of the text.
    expect(summaryPreview({ excerpt: 'x'.repeat(150), characters: 150 })).toBe('x'.repeat(150));
    expect(summaryPreview({ excerpt: 'x'.repeat(150), characters: 151 })).toBe(`${'x'.repeat(150)}...`);
    expect(summaryPreview({ excerpt: '', characters: 0 })).toBe('');
  });

  it('merges loaded windows keeping one copy per id, the newest', () => {
    const a = [
      { id: 1, v: 'old' },
      { id: 2, v: 'b' },
    ];
    expect(
      mergeById(a, [
        { id: 1, v: 'new' },
        { id: 3, v: 'c' },
      ]),
    ).toEqual([
      { id: 1, v: 'new' },
      { id: 2, v: 'b' },
      { id: 3, v: 'c' },
    ]);
    fc.assert(
      fc.property(fc.array(fc.nat(20)), fc.array(fc.nat(20)), (x, y) => {
        const merged = mergeById(
          x.map((id) => ({ id })),
          y.map((id) => ({ id })),
        ).map((m) => m.id);
        expect(new Set(merged).size).toBe(merged.length);
        expect(new Set(merged)).toEqual(new Set([...x, ...y]));
      }),
    );
  });

  it('computes the windows: 7 back to 14 ahead; today, the week from Sunday, the month', () => {
    expect(initialTranscriptWindow('2026-03-01')).toEqual({ start: '2026-02-22', end: '2026-03-15' });
    expect(eventRange('today', '2026-03-12')).toEqual({ start: '2026-03-12', end: '2026-03-12' });
    // 2026-03-12 is a Thursday; its week starts on Sunday the 8th.
    expect(eventRange('week', '2026-03-12')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(eventRange('week', '2026-03-08')).toEqual({ start: '2026-03-08', end: '2026-03-14' });
    expect(eventRange('month', '2026-02-12')).toEqual({ start: '2026-02-01', end: '2026-02-28' });
    expect(eventRange('month', '2028-02-29')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(eventRange('month', '2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('prefills a transcript from an event', () => {
    expect(
      prefillFromEvent({
        id: 'e1',
        etag: '"7"',
        recurringEventId: 'r1',
        summary: 'Design review',
        description: 'Agenda: icons',
        start: { dateTime: '2026-03-12T15:00:00-05:00' },
      }),
    ).toEqual({
      title: 'Design review',
      context: 'Agenda: icons',
      date: '2026-03-12',
      transcript_type: 'scheduled',
      google_event_id: 'e1',
      google_event_etag: '"7"',
      google_recurring_event_id: 'r1',
      event_start: '2026-03-12T15:00:00-05:00',
    });
    expect(prefillFromEvent({ id: 'e2', summary: ' ', start: { date: '2026-03-13' } })).toMatchObject({
      title: 'Meeting Transcript',
      context: '',
      date: '2026-03-13',
    });
  });

  it('checks a form in the spec’s order: title, content, date', () => {
    expect(draftProblem({ title: ' ', content: '', date: '' })).toBe('Title is required');
    expect(draftProblem({ title: 'T', content: ' \n', date: '' })).toBe('Transcript content is required');
    expect(draftProblem({ title: 'T', content: 'c', date: '' })).toBe('Date is required');
    expect(draftProblem({ title: 'T', content: 'c', date: '2026-03-12' })).toBeNull();
  });
});
