import { describe, expect, it } from 'vitest';
import { cuesToText, formatOf, normalizeText, stripMarkup } from './transcriptImport.js';

describe('transcript import: cues to text', () => {
  it('joins consecutive cues of one speaker, keeps names and drops timestamps', () => {
    expect(
      cuesToText([
        { voice: 'Alice Smith', text: 'Hello <b>everyone</b>,\nthanks for coming.' },
        { voice: 'Alice Smith', text: 'Let us start.' },
        { voice: 'Bob', text: '<i>Sure</i>.' },
        { voice: 'Alice Smith', text: 'First item.' },
      ]),
    ).toBe('Alice Smith: Hello everyone, thanks for coming. Let us start.\n\nBob: Sure.\n\nAlice Smith: First item.');
  });

  it('reads Zoom-style "Name: text" labels as speakers', () => {
    expect(
      cuesToText([{ text: 'Dana Lee: Good morning.' }, { text: 'Dana Lee: Shall we?' }, { text: 'Eve: Yes.' }]),
    ).toBe('Dana Lee: Good morning. Shall we?\n\nEve: Yes.');
  });

  it('keeps speaker-less cues one per paragraph and drops rolling duplicates and empty cues', () => {
    expect(cuesToText([{ text: 'one' }, { text: 'one' }, { text: '<i></i>' }, { text: '{\\an8}two' }])).toBe(
      'one\n\ntwo',
    );
  });

  it('removes styling tags, timestamps tags and SRT position codes', () => {
    expect(stripMarkup('<c.yellow>Hi</c> <00:00:01.500>there {\\an8}&amp; you')).toBe('Hi there & you');
  });

  it('keeps a < or { that no tag or code closes as text', () => {
    expect(stripMarkup('a <b <i>c</i> {x {\\an8}d')).toBe('a <b c {x d');
    const unclosed = '<'.repeat(50_000);
    expect(stripMarkup(`${unclosed}\n<i>x</i>`)).toBe(`${unclosed}\nx`);
  });

  it('chooses the format by extension, then by signature', () => {
    expect(formatOf('Meeting.VTT', '')).toBe('vtt');
    expect(formatOf('a.srt', 'WEBVTT')).toBe('srt');
    expect(formatOf('notes', '\uFEFFWEBVTT\n')).toBe('vtt');
    expect(formatOf('notes.md', 'hello')).toBe('txt');
  });

  it('normalizes BOM and line ends', () => {
    expect(normalizeText('\uFEFFa\r\nb\rc')).toBe('a\nb\nc');
  });
});
