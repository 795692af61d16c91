import { describe, expect, it } from 'vitest';
import { scoreReply } from '#common/reportDetection.js';
import { splitThoughts } from '#common/thoughts.js';
import { type CoachData, emptyCoachData } from './coachData.js';
import { buildOfflineReport } from './offlineReport.js';
import { offlineKindOf } from './service.js';

const today = '2026-03-10';
const yesterday = '2026-03-09';
const data: CoachData = {
  ...emptyCoachData(),
  journal: [
    {
      id: '1',
      date: today,
      kind: 'morning',
      content: '',
      structured: {
        daily_priorities: ['Finish the board deck', 'Call the bank'],
        anticipated_challenges: 'Back-to-back meetings',
        energy_level: 6,
      },
    },
    {
      id: '2',
      date: today,
      kind: 'evening',
      content: '',
      structured: { wins: ['Deck sent'], open_loops: ['Bank callback'] },
    },
    { id: '3', date: yesterday, kind: 'evening', content: '', structured: { open_loops: ['Reply to Ana'] } },
  ],
  todos: [
    { content: 'Book flights', completed: false, completed_at: null, created_at: `${yesterday}T08:00:00Z` },
    {
      content: 'Pay invoice',
      completed: true,
      completed_at: `${today}T10:00:00Z`,
      created_at: `${yesterday}T08:00:00Z`,
    },
  ],
  workouts: [{ date: today, kind: 'log', text: 'Felt tired', status: 'skipped' }],
  transcripts: [
    { id: 't', date: today, title: 'Board prep', transcript_type: 'scheduled', content: 'Agreed on numbers' },
  ],
  calendar: [
    { summary: 'Investor call', start: '2026-03-11T09:00:00Z' },
    {
      summary: 'Declined sync',
      start: '2026-03-11T08:00:00Z',
      attendees: [{ self: true, responseStatus: 'declined' }],
    },
  ],
};

describe('offline briefing and review', () => {
  it('builds the briefing from priorities, challenges, todos, workout and yesterday', () => {
    const r = buildOfflineReport('briefing', data, today);
    expect(r).toMatch(/^# Executive Daily Briefing/);
    expect(r).toContain('- Finish the board deck');
    expect(r).toContain('- Back-to-back meetings');
    expect(r).toContain('## Open Todos (1)\n\n- Book flights');
    expect(r).toContain('Skipped: Felt tired');
    expect(r).toContain("## Yesterday's Open Loops\n\n- Reply to Ana");
    expect(r).not.toContain('Pay invoice');
    expect(scoreReply(r).isReport).toBe(true);
  });

  it('builds the review from wins, completed todos, workout, transcripts and tomorrow', () => {
    const r = buildOfflineReport('review', data, today);
    expect(r).toMatch(/^# Strategic Day Review/);
    expect(r).toContain('- Deck sent');
    expect(r).toContain('## Completed Todos (1)\n\n- Pay invoice');
    expect(r).toContain('**Board prep**: Agreed on numbers');
    expect(r).toContain("## Tomorrow's First Commitments\n\n- 09:00 Investor call");
    expect(r).not.toContain('Declined sync');
    expect(scoreReply(r).isReport).toBe(true);
  });

  it('is still a useful report with no data at all', () => {
    const r = buildOfflineReport('briefing', emptyCoachData(), today);
    expect(r).toContain("No priorities in today's journal yet");
    expect(r).toContain('No workout planned for today.');
    expect(scoreReply(r).isReport).toBe(true);
    expect(scoreReply(buildOfflineReport('review', emptyCoachData(), today)).isReport).toBe(true);
  });

  it('recognises the two assistant requests', () => {
    expect(offlineKindOf('Please prepare my Executive Daily Briefing for today.')).toBe('briefing');
    expect(offlineKindOf('anything', true)).toBe('review');
    expect(offlineKindOf('Give me an end of day review')).toBe('review');
    expect(offlineKindOf('What is the weather?')).toBeUndefined();
  });
});

describe('splitThoughts', () => {
  it('separates thinking from the reply', () => {
    expect(splitThoughts('<think> plan </think>\nAnswer')).toEqual({ content: 'Answer', thoughts: 'plan' });
    expect(splitThoughts('Plain answer')).toEqual({ content: 'Plain answer', thoughts: null });
    expect(splitThoughts('<think>never finished')).toEqual({ content: '', thoughts: 'never finished' });
  });
});

describe('the training week in the briefing', () => {
  it("names today's session and the sessions that moved, and leaves skipped ones out", () => {
    const withTraining: CoachData = {
      ...data,
      training: [
        { date: today, start_time: '12:00', end_time: '12:45', minutes: 45, status: 'planned', note: null },
        {
          date: '2026-03-11',
          start_time: '17:30',
          end_time: '18:15',
          minutes: 45,
          status: 'planned',
          note: 'Moved from Wed 12:00 to Wed 17:30: “Client call” now takes that time.',
        },
        {
          date: '2026-03-13',
          start_time: '12:00',
          end_time: '12:45',
          minutes: 45,
          status: 'skipped',
          note: 'Skipped.',
        },
      ],
    };
    const report = buildOfflineReport('briefing', withTraining, today);
    const workout = report.slice(report.indexOf("## Today's Workout"), report.indexOf("## Yesterday's Open Loops"));
    expect(workout).toContain('Training session today: 12:00–12:45 (45 min).');
    expect(workout).toContain('- 2026-03-11: Moved from Wed 12:00 to Wed 17:30: “Client call” now takes that time.');
    expect(workout).not.toContain('Skipped.');
    expect(buildOfflineReport('briefing', data, today)).not.toContain('Training session today');
  });
});
