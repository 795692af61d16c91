import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atxHeading } from './markdownHeading.js';

// The pattern atxHeading replaced (cubic on long runs of spaces): the reference on short lines.
const OLD = /^#{1,6}\s+(.+?)\s*#*\s*$/;
function oldHeading(line: string) {
  const m = OLD.exec(line);
  const title = m?.[1];
  // A blank title (possible on an untrimmed line such as '#   ') was never meant as a heading.
  return title?.trim() ? { level: line.length - line.replace(/^#+/, '').length, title } : undefined;
}

describe('atxHeading', () => {
  it.each([
    ['# Title', 1, 'Title'],
    ['###### Six', 6, 'Six'],
    ['## Title ##', 2, 'Title'],
    ['## Title   ###   ', 2, 'Title'],
    ['##  Two  words', 2, 'Two  words'],
    ['# #', 1, '#'],
    ['# ##', 1, '#'],
    ['# C#', 1, 'C'],
    ['## Title\r', 2, 'Title'],
    ['# a \u00a0 b', 1, 'a \u00a0 b'],
  ])('%j is a heading of level %i titled %j', (line, level, title) => {
    expect(atxHeading(line)).toEqual({ level, title });
  });

  it.each([['#Title'], ['####### Seven'], ['#   '], ['#'], [' # indented'], ['# a\u2028b'], ['# a\rb'], ['text']])(
    '%j is not a heading',
    (line) => {
      expect(atxHeading(line)).toBeUndefined();
    },
  );

  it('reads a title holding a long run of spaces', () => {
    const line = `# a${' '.repeat(20_000)}b ##`;
    expect(atxHeading(line)).toEqual({ level: 1, title: `a${' '.repeat(20_000)}b` });
  });

  it('agrees with the pattern it replaced', () => {
    const char = fc.constantFrom('#', '#', ' ', '\t', 'a', 'b', '\r', '\u2028', '\u00a0', '*');
    const line = fc.array(char, { maxLength: 14 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(line, (l) => {
        expect(atxHeading(l)).toEqual(oldHeading(l));
        expect(atxHeading(l.trim())).toEqual(oldHeading(l.trim()));
      }),
      { numRuns: 3000 },
    );
  });
});
