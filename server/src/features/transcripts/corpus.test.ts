import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createHarness, createUserAndSignIn, type Harness } from '../../test/harness.js';

/**
 * Meeting and caption files as real tools wrote them (server/src/test/transcriptCorpus, see its
 * PROVENANCE.md), each imported through the route as the web app sends it: the file's bytes in
 * base64. Each must give its speakers, in order, its words with their accents, and nothing lost
 * to a wrong encoding.
 */
const DIR = new URL('../../test/transcriptCorpus/', import.meta.url);

interface Expected {
  format: 'vtt' | 'srt' | 'txt' | 'docx';
  encoding?: string;
  speakers: string[];
  /** Bounds of the content's length in characters. */
  length: [number, number];
  /** Pieces the content must hold (first paragraphs, accents). */
  holds: string[];
}

const CORPUS: Record<string, Expected> = {
  'zoom-cloud-recording.vtt': {
    format: 'vtt',
    encoding: 'utf-8',
    speakers: ['Andrew Knight', 'Paul McCartney', 'George Harrison', 'Ringo Starr', 'John Lennon'],
    length: [5800, 6000],
    holds: [
      "[0:04] Andrew Knight: Okay, so we're recording. We're streaming We have that setup. Okay.",
      '[2:30] And that\n\n[2:35] Andrew Knight: And I have that sitting here.',
      "[2:50] Andrew Knight: Alright, so I'm gonna let people in Hello everyone.",
    ],
  },
  'zoom-saved-transcript.txt': {
    format: 'txt',
    encoding: 'utf-8',
    speakers: ['Johnny Doe', 'Janet Dough'],
    length: [800, 830],
    holds: [
      '[11:02:09] Johnny Doe: How you doing?\n\n[11:02:09] Janet Dough: Hey,',
      "[11:02:14] Johnny Doe: Making sure. Okay. That's perfectly fine",
      'an… I hope',
    ],
  },
  'zoom-saved-transcript-utf16le.txt': {
    format: 'txt',
    encoding: 'utf-16le',
    speakers: ['Johnny Doe', 'Janet Dough'],
    length: [800, 830],
    holds: ['[11:02:09] Johnny Doe: How you doing?', 'an… I hope'],
  },
  'youtube-dl-rolling-word-timings.vtt': {
    format: 'vtt',
    encoding: 'utf-8',
    speakers: [],
    length: [40, 60],
    holds: ["[4:46] yeah what this will happen is I'm telling"],
  },
  'youtube-metadata-header-style.vtt': {
    format: 'vtt',
    encoding: 'utf-8',
    speakers: [],
    length: [30, 45],
    holds: ['[0:00] Caption text #1 Caption text #2'],
  },
  'teams-classic-short-timestamps.vtt': {
    format: 'vtt',
    encoding: 'utf-8',
    speakers: ['Yuri Bakulin', 'Adrian Petrescu'],
    length: [70, 90],
    holds: ['[0:00] Yuri Bakulin: There you go.\n\n[0:00] Adrian Petrescu: Why hello there, Yuri.'],
  },
  'webex-hand-written.vtt': {
    format: 'vtt',
    encoding: 'utf-8',
    speakers: ['Zoë Müller', 'José Álvarez'],
    length: [250, 290],
    holds: [
      '[0:03] Zoë Müller: Bonjour à tous, shall we start? First item: the café budget for the offsite.',
      '[0:15] Okay, that sounds good.',
    ],
  },
  'windows-1252-french.srt': {
    format: 'srt',
    encoding: 'windows-1252',
    speakers: [],
    length: [2000, 2300],
    holds: ['CE FILM RELATE DES ÉVÉNEMENTS QUI ONT EXISTÉ.', "avant l'existence du câble", '[1:03] Epoque où', '27°'],
  },
  'teams-transcript-hand-made.docx': {
    format: 'docx',
    speakers: ['Zoë Müller', 'José Álvarez', 'Ünal Kaya'],
    length: [400, 470],
    holds: [
      '6m 12s\n\n[0:03] Zoë Müller: Bonjour à tous, on commence ?',
      '[0:25] Zoë Müller: Merci José. Next, the café order for the offsite. Ünal, can you book the room?',
    ],
  },
  'google-meet-transcript-hand-made.docx': {
    format: 'docx',
    speakers: ['Zoë Müller', 'José Álvarez', 'Ünal Kaya'],
    length: [370, 420],
    holds: ['[0:00] Zoë Müller: Bonjour à tous.', '[5:00] Ünal Kaya: Action: book the room'],
  },
};

let h: Harness;
let c: Client;
beforeAll(async () => {
  h = await createHarness();
  c = await createUserAndSignIn(h, 'alice');
});
afterAll(async () => h?.close());

describe('the transcript corpus', () => {
  it('lists every file of the folder here', () => {
    const files = fs.readdirSync(DIR).filter((f) => f !== 'PROVENANCE.md');
    expect(files.sort()).toEqual(Object.keys(CORPUS).sort());
  });

  for (const [file, want] of Object.entries(CORPUS)) {
    it(`imports ${file}`, async () => {
      const base64 = fs.readFileSync(new URL(file, DIR)).toString('base64');
      const res = await c.request({
        method: 'POST',
        url: '/api/transcripts/import',
        payload: { filename: file, base64 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const out = res.json();
      expect(out.format).toBe(want.format);
      expect(out.encoding).toBe(want.encoding);
      expect(out.speakers).toEqual(want.speakers);
      expect(out.content.length).toBeGreaterThanOrEqual(want.length[0]);
      expect(out.content.length).toBeLessThanOrEqual(want.length[1]);
      for (const piece of want.holds) expect(out.content).toContain(piece);
      // Nothing was read in a wrong encoding.
      expect(out.content).not.toContain('\uFFFD');
      expect(out.content).not.toContain(String.fromCharCode(0));
      expect(out.content).not.toMatch(/Ã[\u0080-\u00BF]/);
    });
  }
});
