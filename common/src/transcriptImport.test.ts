import { describe, expect, it } from 'vitest';
import { clockOf, cuesToParagraphs, cuesToText, formatOf, normalizeText, stripMarkup } from './transcriptImport.js';

describe('transcript import: cues to text', () => {
  it('joins consecutive cues of one speaker and keeps names (no time when the cues have none)', () => {
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

  it('joins speaker-less cues a minute at a time and drops rolling duplicates and empty cues', () => {
    expect(cuesToText([{ text: 'one' }, { text: 'one' }, { text: '<i></i>' }, { text: '{\\an8}two' }])).toBe('one two');
    expect(
      cuesToText([
        { text: 'a', start: 0 },
        { text: 'b', start: 59 },
        { text: 'c', start: 61 },
        { voice: 'Ann', text: 'd', start: 62 },
        { text: 'e', start: 63 },
      ]),
    ).toBe('[0:00] a b\n\n[1:01] c\n\n[1:02] Ann: d\n\n[1:03] e');
  });

  it('keeps each paragraph’s first start time, and drops what YouTube’s rolling captions repeat', () => {
    const rolling = [
      { text: 'the first<00:00:00.560><c> thing</c>', start: 0.03 },
      { text: 'the first thing\n ', start: 2.9 },
      { text: 'the first thing\nto talk<00:00:03.400><c> about</c>', start: 2.91 },
      { text: 'to talk about', start: 5.6 },
    ];
    expect(cuesToText(rolling)).toBe('[0:00] the first thing to talk about');
    // A repeated line is dropped only when the same speaker says it again.
    expect(
      cuesToParagraphs([
        { voice: 'Ann', text: 'Yes.', start: 3725 },
        { voice: 'Bob', text: 'Yes.', start: 3726 },
        { voice: 'Bob', text: 'Yes.', start: 3727 },
      ]),
    ).toEqual([
      { speaker: 'Ann', text: 'Yes.', time: '1:02:05' },
      { speaker: 'Bob', text: 'Yes.', time: '1:02:06' },
    ]);
  });

  it('decodes character references, in the text and in the speaker’s name (Teams writes &#237;)', () => {
    expect(cuesToText([{ voice: 'Carlos Far&#237;as', text: 'S&#xED; &amp; no &lt;b&gt;' }])).toBe(
      'Carlos Farías: Sí & no <b>',
    );
  });

  it('writes times as m:ss, and h:mm:ss from an hour on', () => {
    expect([0, 9.99, 61, 3599, 3600, 36_061].map(clockOf)).toEqual([
      '0:00',
      '0:09',
      '1:01',
      '59:59',
      '1:00:00',
      '10:01:01',
    ]);
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
    expect(formatOf('Teams meeting.DOCX', '')).toBe('docx');
  });

  it('normalizes BOM and line ends', () => {
    expect(normalizeText('\uFEFFa\r\nb\rc')).toBe('a\nb\nc');
  });
});
