import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_ITEMS_MAX, extractActionItems } from './actionItems.js';

const texts = (t: string) => extractActionItems(t).map((i) => i.text);

describe('action-item extractor', () => {
  it('treats U+2028 and U+2029 as line ends', () => {
    expect(extractActionItems('TODO call Bob\u2028about the plan\u2029- [ ] book the room')).toEqual([
      { text: 'call Bob', source: 'TODO call Bob' },
      { text: 'book the room', source: '- [ ] book the room' },
    ]);
  });

  it('finds checkboxes, labels, @me and first-person commitments, to the end of the sentence', () => {
    const transcript = [
      'Alice: Welcome everyone.',
      '- [ ] Book the venue for March',
      '* [ ] Update the roadmap',
      'Bob: Action: send the deck to finance. Then we talk.',
      'Action item - review the budget',
      'TODO: call the supplier',
      'TODO fix the login bug',
      '@me draft the press release',
      "Carol: I'll share the notes tonight!",
      'I will follow up with legal; it is urgent.',
      'I will not forget this.',
      'I will be late tomorrow.',
      '- [x] Already done item',
      'Nothing to do here.',
    ].join('\r\n');
    expect(texts(transcript)).toEqual([
      'Book the venue for March',
      'Update the roadmap',
      'send the deck to finance',
      'review the budget',
      'call the supplier',
      'fix the login bug',
      'draft the press release',
      'share the notes tonight',
      'follow up with legal',
    ]);
    expect(extractActionItems(transcript)[2]?.source).toBe('Bob: Action: send the deck to finance. Then we talk.');
  });

  it('proposes each item once and nothing from an empty or chatty transcript', () => {
    expect(texts('Action: ship it\nACTION: Ship it')).toEqual(['ship it']);
    expect(texts('')).toEqual([]);
    expect(texts('We talked about the weather.\nGreat meeting, thanks all.')).toEqual([]);
  });

  it('stops at the limit', () => {
    const many = Array.from({ length: 80 }, (_, i) => `TODO: task number ${i}`).join('\n');
    expect(extractActionItems(many)).toHaveLength(ACTION_ITEMS_MAX);
  });

  const line = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc
      .tuple(
        fc.constantFrom('Action: ', '- [ ] ', 'TODO ', '@me ', 'I will ', "Bob: I'll ", 'todo - ', '[ ] '),
        fc.string({ maxLength: 60 }),
      )
      .map(([a, b]) => a + b),
  );
  const transcript = fc
    .tuple(fc.array(line, { maxLength: 30 }), fc.constantFrom('\n', '\r\n', '\r'))
    .map(([lines, eol]) => lines.join(eol));

  it('never invents text: every item is a piece of a line of the transcript', () => {
    fc.assert(
      fc.property(transcript, (t) => {
        const lines = t.split(/\r\n|\r|\n/).map((l) => l.trim());
        for (const item of extractActionItems(t)) {
          expect(lines).toContain(item.source);
          expect(item.source).toContain(item.text);
          expect(item.text).toBe(item.text.trim());
          expect(item.text.length).toBeGreaterThanOrEqual(3);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is deterministic and proposes no duplicates', () => {
    fc.assert(
      fc.property(transcript, (t) => {
        const a = extractActionItems(t);
        expect(extractActionItems(t)).toEqual(a);
        const keys = a.map((i) => i.text.toLowerCase());
        expect(new Set(keys).size).toBe(keys.length);
      }),
      { numRuns: 200 },
    );
  });
});
