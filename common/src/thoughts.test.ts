import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitThoughts } from './thoughts.js';

// The version with one pattern (it read to the end again from every unclosed tag): the
// reference on short texts.
function oldSplit(text: string) {
  const thoughts: string[] = [];
  let content = text.replace(/<(think|thinking)>([\s\S]*?)<\/\1>/gi, (_m, _tag, inner: string) => {
    thoughts.push(inner.trim());
    return '';
  });
  const open = /^\s*<(think|thinking)>([\s\S]*)$/i.exec(content);
  if (open?.[2] !== undefined) {
    thoughts.push(open[2].trim());
    content = '';
  }
  const joined = thoughts.filter(Boolean).join('\n\n');
  return { content: content.trim(), thoughts: joined || null };
}

describe('splitThoughts', () => {
  it('keeps the thinking apart from the answer', () => {
    expect(splitThoughts('<think>Plan the week.</think>\nHere is your plan.')).toEqual({
      content: 'Here is your plan.',
      thoughts: 'Plan the week.',
    });
    expect(splitThoughts('<THINKING> a </Thinking>b<think>c</think>')).toEqual({ content: 'b', thoughts: 'a\n\nc' });
  });

  it('treats an unclosed tag at the start as unfinished thinking', () => {
    expect(splitThoughts('  <think>still going')).toEqual({ content: '', thoughts: 'still going' });
  });

  it('leaves unclosed tags elsewhere in the answer', () => {
    const text = `Answer ${'<think>'.repeat(5_000)} and <thinking>x</thinking> more`;
    expect(splitThoughts(text)).toEqual({ content: `Answer ${'<think>'.repeat(5_000)} and  more`, thoughts: 'x' });
  });

  it('agrees with the single pattern it replaced', () => {
    const piece = fc.constantFrom(
      '<think>',
      '</think>',
      '<thinking>',
      '</thinking>',
      '<THINK>',
      '</Think>',
      'a',
      ' ',
      '\n',
      '<',
      '>',
    );
    const text = fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(splitThoughts(t)).toEqual(oldSplit(t));
      }),
      { numRuns: 3000 },
    );
  });
});
