import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DailyStructuredData,
  type EveningPart,
  MORNING_HEADING,
  type MorningPart,
  parseDailyNote,
  renderDailyNote,
  renderMorning,
  replaceSection,
} from './journalText.js';

// One line of journal text: words and punctuation, as people write them.
const line = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,!?'()&:-]{0,40}[A-Za-z0-9.!?)]$/);
const bullets = fc.array(line, { maxLength: 5 });
const text = fc.oneof(fc.constant(''), line);

const morning: fc.Arbitrary<MorningPart> = fc
  .record({
    daily_priorities: bullets,
    gtd_next_actions: bullets,
    waiting_for: bullets,
    anticipated_challenges: text,
    perspective_reminder: text,
    energy_level: fc.integer({ min: 0, max: 10 }),
    personal_goal: fc.option(line, { nil: undefined }),
  })
  .map(({ personal_goal, ...m }) => (personal_goal === undefined ? m : { ...m, personal_goal }));

const evening: fc.Arbitrary<EveningPart> = fc.record({
  wins: bullets,
  frustrations: text,
  values_alignment: text,
  open_loops: bullets,
  personal_time: bullets,
});

const daily: fc.Arbitrary<DailyStructuredData> = fc
  .record({ morning: fc.option(morning, { nil: undefined }), evening: fc.option(evening, { nil: undefined }) })
  .map(({ morning: m, evening: e }) => ({ ...(m ? { morning: m } : {}), ...(e ? { evening: e } : {}) }));

describe('daily note text properties', () => {
  it('structured data rendered as text and read back is the same data', () => {
    fc.assert(
      fc.property(daily, (data) => {
        expect(parseDailyNote(renderDailyNote(data))).toEqual(data);
      }),
      { numRuns: 300 },
    );
  });

  it('free text around the sections survives a round trip', () => {
    const paragraph = fc.array(line, { minLength: 1, maxLength: 3 }).map((ls) => ls.join('\n'));
    fc.assert(
      fc.property(morning, paragraph, paragraph, (m, before, after) => {
        const { personal_goal: _, ...plain } = m;
        const note = `${before}\n\n${renderMorning(plain)}\n\n## Daily Journal\n${after}\n`;
        const parsed = parseDailyNote(note).morning;
        expect(parsed).toEqual(plain);
        // Writing the parsed section back, as the editor does on load, keeps the rest as it was.
        expect(replaceSection(note, MORNING_HEADING, renderMorning(parsed as MorningPart))).toBe(note);
      }),
      { numRuns: 300 },
    );
  });
});
