import { describe, expect, it } from 'vitest';
import {
  DAILY_TEMPLATE,
  emptyEvening,
  isUntouchedDailyText,
  openAtPart,
  parseDailyNote,
  renderDailyNote,
  renderEvening,
  replaceSection,
} from './journalText.js';

const NOTE = `## Goals for the Day
- Ship the release

## Morning Preparation
### Daily Priorities
- Write the report
- Review PRs
### GTD Next Actions
- Email Sam
### Waiting For
### Anticipated Challenges
Too many meetings
and a late train
### Perspective Reminder
It is fine.
### Energy Level 7/10

## Daily Journal
Free writing here.

## Evening Shutdown
### Wins
- Report sent
### Frustrations
Slow CI
### Values Alignment
Good
### Open Loops
- Budget
### Personal Time
- Walk
`;

describe('parseDailyNote', () => {
  it('extracts the morning and evening parts from headings and dash bullets', () => {
    expect(parseDailyNote(NOTE)).toEqual({
      morning: {
        daily_priorities: ['Write the report', 'Review PRs'],
        gtd_next_actions: ['Email Sam'],
        waiting_for: [],
        anticipated_challenges: 'Too many meetings\nand a late train',
        perspective_reminder: 'It is fine.',
        energy_level: 7,
        personal_goal: 'Ship the release',
      },
      evening: {
        wins: ['Report sent'],
        frustrations: 'Slow CI',
        values_alignment: 'Good',
        open_loops: ['Budget'],
        personal_time: ['Walk'],
      },
    });
  });

  it('finds no parts in the template or in free text', () => {
    expect(parseDailyNote(DAILY_TEMPLATE)).toEqual({});
    expect(parseDailyNote('just some thoughts\n- a bullet')).toEqual({});
  });

  it('clamps the energy level to 0-10 and defaults it to 5', () => {
    expect(parseDailyNote('### Energy Level 12/10').morning?.energy_level).toBe(10);
    expect(parseDailyNote('### Energy Level').morning?.energy_level).toBe(5);
    expect(parseDailyNote('## Morning Preparation').morning?.energy_level).toBe(5);
  });

  it('round-trips rendered structured data', () => {
    const data = parseDailyNote(NOTE);
    expect(parseDailyNote(renderDailyNote(data))).toEqual(data);
  });
});

describe('renderDailyNote', () => {
  it('gives the template for no data', () => {
    expect(renderDailyNote(null)).toBe(DAILY_TEMPLATE);
    expect(renderDailyNote({})).toBe(DAILY_TEMPLATE);
  });
});

describe('replaceSection', () => {
  it('replaces the block under a heading and keeps what follows', () => {
    const out = replaceSection(NOTE, 'Evening Shutdown', renderEvening({ ...emptyEvening(), wins: ['New win'] }));
    expect(parseDailyNote(out).evening?.wins).toEqual(['New win']);
    expect(parseDailyNote(out).morning?.daily_priorities).toEqual(['Write the report', 'Review PRs']);
    expect(out).toContain('Free writing here.');
    const moved = replaceSection(NOTE, 'Morning Preparation', '## Morning Preparation\n### Daily Priorities\n- Only');
    expect(parseDailyNote(moved).morning?.daily_priorities).toEqual(['Only']);
    expect(moved).toContain('## Daily Journal\nFree writing here.');
  });

  it('appends a missing heading', () => {
    expect(replaceSection('hello', 'Evening Shutdown', '## Evening Shutdown')).toBe('hello\n\n## Evening Shutdown\n');
    expect(replaceSection('', 'Evening Shutdown', '## Evening Shutdown')).toBe('## Evening Shutdown\n');
  });
});

describe('isUntouchedDailyText', () => {
  it('is true for blank and template text only', () => {
    expect(isUntouchedDailyText('  ')).toBe(true);
    expect(isUntouchedDailyText(DAILY_TEMPLATE)).toBe(true);
    expect(isUntouchedDailyText(`${DAILY_TEMPLATE}hello`)).toBe(false);
  });
});

describe('openAtPart', () => {
  it('puts the caret at the end of an existing part', () => {
    const text =
      '## Goals for the Day\n- Ship\n\n## Morning Preparation\n### Daily Priorities\n- Write\n\n## Evening Shutdown\n### Wins\n- One\n';
    const m = openAtPart(text, 'morning');
    expect(m.text).toBe(text);
    expect(text.slice(0, m.caret).endsWith('- Write')).toBe(true);
    const e = openAtPart(text, 'evening');
    expect(text.slice(0, e.caret).endsWith('- One')).toBe(true);
  });

  it('adds the missing part and puts the caret on its first bullet, keeping the rest', () => {
    const text = '## Goals for the Day\n- Ship\n';
    const m = openAtPart(text, 'evening');
    expect(m.text.startsWith(text.trimEnd())).toBe(true);
    expect(m.text).toContain('## Evening Shutdown\n### Wins\n- ');
    expect(m.text.slice(0, m.caret).endsWith('### Wins\n- ')).toBe(true);
    expect(parseDailyNote(m.text).morning?.personal_goal).toBe('Ship');
  });
});
