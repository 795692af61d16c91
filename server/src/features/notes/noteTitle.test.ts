import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { noteTitle } from './service.js';

// The version that cleaned every line before taking the first non-empty one: the reference.
function oldTitle(text: string): string {
  const line = text
    .split('\n')
    .map((l) => l.replace(/^#+\s*/, '').trim())
    .find(Boolean);
  if (!line) return 'Untitled note';
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

describe('a plain note’s title', () => {
  it('is its first non-empty line without heading marks, at most 80 characters', () => {
    expect(noteTitle('\n  \n## Groceries ##\n- milk')).toBe('Groceries ##');
    expect(noteTitle('#\n\r\nSecond line\r\n')).toBe('Second line');
    expect(noteTitle(' \n\t')).toBe('Untitled note');
    expect(noteTitle('')).toBe('Untitled note');
    expect(noteTitle(`# ${'a'.repeat(100)}`)).toBe(`${'a'.repeat(79)}…`);
  });

  it('is the same as when every line was cleaned first', () => {
    const text = fc
      .array(fc.constantFrom('\n', '#', ' ', '\r', '\t', 'a', 'b'), { maxLength: 20 })
      .map((cs) => cs.join(''));
    fc.assert(
      fc.property(text, (t) => {
        expect(noteTitle(t)).toBe(oldTitle(t));
      }),
      { numRuns: 3000 },
    );
  });
});
