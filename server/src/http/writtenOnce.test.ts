import { describe, expect, it } from 'vitest';
import { jsonArrayOf, jsonArrayText, writtenOnce, writtenTextOnce } from './writtenOnce.js';

describe('parts written once', () => {
  it('writes a part once while its inputs are the same, and again when one changes', () => {
    const written = writtenOnce<number>(1024);
    let writes = 0;
    const part = (key: string, inputs: unknown[]) =>
      written(key, inputs, () => {
        writes++;
        return { text: JSON.stringify({ key, inputs }), extra: writes };
      });
    const first = part('a', ['x', 1, null]);
    expect(part('a', ['x', 1, null])).toBe(first);
    // A text equal in content (not the same string object) is the same input.
    expect(part('a', [['x'].join(''), 1, null])).toBe(first);
    expect(writes).toBe(1);
    for (const changed of [
      ['y', 1, null],
      ['x', 2, null],
      ['x', 1, undefined],
      ['x', 1, null, 'more'],
      ['x', 1],
    ]) {
      const again = part('a', changed);
      expect(JSON.parse(again.json.toString('utf8'))).toEqual({
        key: 'a',
        inputs: JSON.parse(JSON.stringify(changed)),
      });
    }
    expect(writes).toBe(6);
    // Another key never gets the first key's part, even with the same inputs.
    expect(part('b', ['x', 1]).json.toString()).toBe('{"key":"b","inputs":["x",1]}');
  });

  it('peeks at a part without writing it: only one written from the same inputs is found', () => {
    const written = writtenOnce(1024);
    let writes = 0;
    const write = () => {
      writes++;
      return { text: '"a"', extra: undefined };
    };
    expect(written.peek('a', [1])).toBeUndefined();
    const part = written('a', [1], write);
    expect(written.peek('a', [1])).toBe(part);
    expect(written.peek('a', [2])).toBeUndefined();
    expect(written.peek('b', [1])).toBeUndefined();
    expect(writes).toBe(1);
    // A peek that finds nothing leaves what is kept as it was.
    expect(written('a', [1], write)).toBe(part);
    expect(writes).toBe(1);
    // A part written as bytes is kept as those bytes.
    const bytes = Buffer.from('"b"');
    expect(written('b', [1], () => ({ text: bytes, extra: undefined })).json).toBe(bytes);
    expect(written.peek('b', [1])?.json).toBe(bytes);
  });

  it("keeps a copy of the inputs, not the caller's array", () => {
    for (const written of [writtenOnce(1024), writtenTextOnce(1024)]) {
      let writes = 0;
      const write = () => {
        writes++;
        return { text: '"a"', extra: undefined };
      };
      const inputs: unknown[] = ['x', 1];
      const part = written('a', inputs, write);
      // A caller that reuses or changes its array afterwards changes nothing kept.
      inputs[0] = 'y';
      inputs.push('more');
      expect(written.peek('a', ['x', 1])).toBe(part);
      expect(written('a', ['x', 1], write)).toBe(part);
      expect(written.peek('a', inputs)).toBeUndefined();
      expect(writes).toBe(1);
    }
  });

  it('keeps at most its bytes, then starts again', () => {
    const written = writtenOnce(100);
    let writes = 0;
    const part = (key: string) =>
      written(key, [], () => {
        writes++;
        return { text: key.padEnd(40, '.'), extra: undefined };
      });
    part('a');
    part('b');
    expect(writes).toBe(2);
    part('a');
    part('b');
    expect(writes).toBe(2);
    part('c'); // 120 bytes would be over the bound: the kept parts are let go
    part('c');
    expect(writes).toBe(3);
    part('a');
    expect(writes).toBe(4);
  });

  it('counts the texts it keeps as inputs toward its bound', () => {
    const written = writtenOnce(100);
    let writes = 0;
    const part = (key: string, input: string) =>
      written(key, [input], () => {
        writes++;
        return { text: '1', extra: undefined };
      });
    part('a', 'x'.repeat(60));
    part('a', 'x'.repeat(60));
    expect(writes).toBe(1);
    part('b', 'y'.repeat(60)); // 61 + 61 would be over the bound: 'a' is let go
    part('a', 'x'.repeat(60));
    expect(writes).toBe(3);
  });

  it('joins parts into a JSON array', () => {
    expect(jsonArrayOf([]).toString()).toBe('[]');
    expect(
      JSON.parse(jsonArrayOf([Buffer.from('{"a":1}'), Buffer.from('"é"'), Buffer.from('null')]).toString()),
    ).toEqual([{ a: 1 }, 'é', null]);
    const inside = jsonArrayOf([Buffer.from('1'), Buffer.from('2')], Buffer.from('{"n":'), Buffer.from('}'));
    expect(JSON.parse(inside.toString())).toEqual({ n: [1, 2] });
  });

  it('keeps parts as texts when asked to, under the same rules', () => {
    const written = writtenTextOnce(100);
    let writes = 0;
    const part = (key: string, input: string) =>
      written(key, [input], () => {
        writes++;
        return { text: JSON.stringify({ key, input }), extra: undefined };
      });
    const first = part('a', 'é');
    expect(first.json).toBe('{"key":"a","input":"é"}');
    expect(part('a', ['é'].join(''))).toBe(first);
    expect(writes).toBe(1);
    expect(part('a', 'e').json).toBe('{"key":"a","input":"e"}');
    expect(writes).toBe(2);
    // Bytes handed over are kept as their text.
    expect(written('b', [], () => ({ text: Buffer.from('"é"'), extra: undefined })).json).toBe('"é"');
    // Bounded like the bytes: 'c' would take it over 100, so the kept parts are let go.
    part('c', 'x'.repeat(60));
    part('a', 'e');
    expect(writes).toBe(4);
  });

  it('joins texts into a JSON array', () => {
    expect(jsonArrayText([])).toBe('[]');
    expect(JSON.parse(jsonArrayText(['{"a":1}', '"é"', 'null']))).toEqual([{ a: 1 }, 'é', null]);
  });
});
