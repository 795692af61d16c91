import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTION_ITEMS_MAX, extractActionItems, ITEM_MAX_LENGTH } from './actionItems.js';

const texts = (t: string) => extractActionItems(t).map((i) => i.text);

describe('action-item extractor', () => {
  it('treats U+2028 and U+2029 as line ends', () => {
    expect(extractActionItems('TODO call Bob\u2028about the plan\u2029- [ ] book the room')).toEqual([
      { text: 'Call Bob', source: 'TODO call Bob' },
      { text: 'Book the room', source: '- [ ] book the room' },
    ]);
  });

  it('finds checkboxes, labels, @me and first-person commitments, to the end of the clause', () => {
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
      'Send the deck to finance',
      'Review the budget',
      'Call the supplier',
      'Fix the login bug',
      'Draft the press release',
      'Share the notes tonight',
      'Follow up with legal',
    ]);
    // The source is the sentence, not the speaker's whole line.
    expect(extractActionItems(transcript)[2]?.source).toBe('Action: send the deck to finance.');
  });

  it('keeps a spoken sentence only when an owner commits to something, or a deadline is set', () => {
    expect(
      texts(
        [
          "Sam: So, um, I'll send the contract to legal by Friday. We will review the draft together.",
          'Lee: Jordan is going to draft the customer email, he said so.',
          'Kim: The security review has to be done by the end of the month.',
          'Kim: The numbers will look different next quarter.',
          'Kim: It will take a while to load.',
          "Ana: I'll share my screen. I'll see you next week. I have to go. I'll drop it in the chat.",
          "Ana: I think we'll probably be fine. I will not do that. Will you send it by Monday?",
          "Ana: What I have after this is, I'm going to see Dr. Alvarez about my knee.",
        ].join('\n'),
      ),
    ).toEqual([
      'Send the contract to legal by Friday',
      'Review the draft together',
      'Jordan is going to draft the customer email',
      'The security review has to be done by the end of the month',
    ]);
  });

  it('trims an item to one line, at a word, without a dangling last word', () => {
    const long = `I'll ${'write up the notes of the planning meeting and '.repeat(5)}share them.`;
    const [item] = texts(long);
    expect(item?.length).toBeLessThanOrEqual(ITEM_MAX_LENGTH);
    expect(long.toLowerCase()).toContain(item?.toLowerCase());
    expect(item).toMatch(/^Write up the notes .* (?!and$)\w+$/);
  });

  it('proposes each item once and nothing from an empty or chatty transcript', () => {
    expect(texts('Action: ship the app\nACTION: Ship the app')).toEqual(['Ship the app']);
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

  it('never invents text: every item is a piece of a sentence of a line of the transcript, on one line', () => {
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    fc.assert(
      fc.property(transcript, (t) => {
        const lines = t.split(/\r\n|\r|\n/).map(squash);
        for (const item of extractActionItems(t)) {
          expect(lines.some((l) => l.includes(item.source))).toBe(true);
          // Only the first letter may change: it is capitalised.
          expect(item.source.toLowerCase()).toContain(item.text.toLowerCase());
          expect(item.text).toBe(item.text.trim());
          expect(item.text.length).toBeGreaterThanOrEqual(3);
          expect(item.text.length).toBeLessThanOrEqual(ITEM_MAX_LENGTH);
          expect(item.text[0]).toBe(item.text[0]?.toUpperCase());
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
