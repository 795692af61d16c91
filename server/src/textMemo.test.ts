import { describe, expect, it } from 'vitest';
import { byText, frozen } from './textMemo.js';

describe('answers remembered by text', () => {
  it('computes once per text, a changed text anew, and forgets everything past its bound', () => {
    const calls: string[] = [];
    const length = byText((t) => {
      calls.push(t);
      return t.length;
    }, 3);
    expect([length('a'), length('bb'), length('a'), length('bb')]).toEqual([1, 2, 1, 2]);
    expect(calls).toEqual(['a', 'bb']);
    length('ccc');
    length('dddd'); // the fourth text empties the map first
    expect(length('a')).toBe(1);
    expect(calls).toEqual(['a', 'bb', 'ccc', 'dddd', 'a']);
  });

  it('freezes shared answers all the way down, so no caller can change them for the others', () => {
    const parse = byText((t) => frozen(JSON.parse(t) as { list: string[]; inner: { n: number } }), 10);
    const text = '{"list":["x"],"inner":{"n":1}}';
    const first = parse(text);
    expect(parse(text)).toBe(first);
    expect(() => first.list.push('y')).toThrow(TypeError);
    expect(() => {
      first.inner.n = 2;
    }).toThrow(TypeError);
    expect(parse(text)).toEqual({ list: ['x'], inner: { n: 1 } });
  });
});
