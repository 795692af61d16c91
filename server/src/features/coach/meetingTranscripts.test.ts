import { describe, expect, it } from 'vitest';
import { type CoachData, emptyCoachData } from './coachData.js';
import { buildContext } from './contextBuilder.js';
import { buildOfflineReport } from './offlineReport.js';

const TODAY = '2026-03-12';

/**
 * A day with three meetings as the calendar gives them: one with a transcript, two without (one
 * was written up for an older version of the event, which the calendar's rule does not count).
 */
function day(): CoachData {
  return {
    ...emptyCoachData(),
    calendar: [
      { has_transcript: true, summary: 'Standup', start: `${TODAY}T09:00:00+01:00` },
      { has_transcript: false, summary: 'Design review', start: `${TODAY}T11:00:00+01:00` },
      { has_transcript: false, summary: '1:1 with Sam', start: `${TODAY}T15:30:00+01:00` },
      {
        has_transcript: false,
        summary: 'Vendor pitch',
        start: `${TODAY}T16:00:00+01:00`,
        attendees: [{ self: true, responseStatus: 'declined' }],
      },
      { has_transcript: false, summary: 'Planning', start: '2026-03-13T10:00:00+01:00' },
    ],
    transcripts: [
      {
        id: '1',
        date: TODAY,
        title: 'Standup',
        transcript_type: 'scheduled',
        content: 'Alice: all good.',
        google_event_id: 'standup',
        google_event_etag: '"1"',
        event_start: `${TODAY}T09:00:00+01:00`,
      },
      {
        id: '2',
        date: TODAY,
        title: 'Design review',
        transcript_type: 'scheduled',
        content: 'Earlier version',
        google_event_id: 'design',
        google_event_etag: '"4"',
        event_start: `${TODAY}T11:00:00+01:00`,
      },
      { id: '3', date: TODAY, title: 'Hallway chat', transcript_type: 'impromptu', content: 'Quick sync.' },
    ],
  };
}

describe('meetings and their transcripts in the coaches’ context', () => {
  it('shows scheduled transcripts with their event’s title and start time', () => {
    const ctx = buildContext('assistant', day(), { today: TODAY });
    expect(ctx).toContain(`### ${TODAY} · Standup (scheduled, meeting started ${TODAY}T09:00:00+01:00)`);
    expect(ctx).toContain(`### ${TODAY} · Hallway chat (impromptu)`);
  });

  it('marks today’s meetings that have no transcript yet', () => {
    const ctx = buildContext('assistant', day(), { today: TODAY });
    expect(ctx).toContain(': Standup\n');
    expect(ctx).toContain(': Design review (no transcript yet)');
    expect(ctx).toContain(': 1:1 with Sam (no transcript yet)');
    expect(ctx).not.toContain('Vendor pitch');
    expect(ctx).toContain(': Planning\n');
  });

  it('lists them in the offline briefing, leaving out declined and recorded ones', () => {
    const report = buildOfflineReport('briefing', day(), TODAY);
    const section = report.split('## Meetings Without Transcripts\n\n')[1]?.split('\n\n## ')[0] ?? '';
    expect(section).toBe(
      '- 11:00 Design review\n- 15:30 1:1 with Sam\n\nAdd a transcript after each so its decisions and action items are kept.',
    );
    const allDone = day();
    allDone.calendar = allDone.calendar.slice(0, 1);
    expect(buildOfflineReport('briefing', allDone, TODAY)).not.toContain('Meetings Without Transcripts');
  });
});
