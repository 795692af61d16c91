import { parseSync } from 'subtitle';
import webvtt, { type WebVttNode } from 'webvtt-parser';
import type { ImportTranscriptRequest, ImportTranscriptResponse } from '#common/api/transcripts.js';
import {
  type Cue,
  cuesToParagraphs,
  formatOf,
  normalizeText,
  type Paragraph,
  paragraphsToText,
  speakersOf,
} from '#common/transcriptImport.js';
import { speakerLines } from '#common/transcriptLines.js';
import { badRequest } from '../../http/errors.js';
import { docxText } from './docxText.js';
import { decodeText, type TextEncoding } from './textEncoding.js';

/**
 * Reads an uploaded transcript file into transcript text. The file comes as text (API clients)
 * or as bytes in base64 (the web app), whose encoding is found here. WebVTT goes through a W3C
 * conformant parser (voice tags and Webex's cue ids give the speaker), SRT through `subtitle`,
 * .docx through mammoth; .txt and .docx lines are read for speaker lines; the cue and line rules
 * live in common/. A file that cannot be read is refused with the reason; nothing is saved here.
 */
export async function importTranscriptFile(body: ImportTranscriptRequest): Promise<ImportTranscriptResponse> {
  const bytes = body.base64 === undefined ? undefined : new Uint8Array(Buffer.from(body.base64, 'base64'));
  if (formatOf(body.filename, '') === 'docx' || (bytes && isZip(bytes) && !/\.(?:vtt|srt|txt)$/i.test(body.filename))) {
    if (!bytes) throw badRequest('A .docx file must be sent as its bytes (base64), not as text.');
    return fromLines('docx', await docxText(bytes));
  }
  let encoding: TextEncoding | undefined;
  let raw = body.text ?? '';
  if (bytes) ({ text: raw, encoding } = decodeText(bytes));
  const text = normalizeText(raw);
  const format = formatOf(body.filename, text);
  if (format === 'vtt' || format === 'srt') {
    const cues = format === 'vtt' ? vttCues(text) : srtCues(text);
    const paragraphs = cuesToParagraphs(cues);
    if (paragraphs.length === 0) throw badRequest(`No captions found in this .${format} file.`);
    return { ...described(format, paragraphs, cues.length), ...(encoding && { encoding }) };
  }
  return { ...fromLines('txt', text), ...(encoding && { encoding }) };
}

const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

const described = (format: ImportTranscriptResponse['format'], paragraphs: Paragraph[], cues: number) => ({
  format,
  content: paragraphsToText(paragraphs),
  cues,
  speakers: speakersOf(paragraphs),
});

/** A .txt or a document's text: speaker lines become paragraphs; text without them is kept as it is. */
function fromLines(format: 'txt' | 'docx', text: string): ImportTranscriptResponse {
  const { paragraphs, named } = speakerLines(text);
  if (named) return described(format, paragraphs, 0);
  const content = text.trim();
  if (!content) throw badRequest(format === 'txt' ? 'The file is empty.' : 'This .docx file holds no text.');
  return { format, content, cues: 0, speakers: [] };
}

/** Webex names the speaker in the cue identifier: `12 "Dana Smith" (1262511360)`. */
const WEBEX_CUE_ID = /^\d+ +"([^"\n]{1,200})"/;

function vttCues(text: string): Cue[] {
  const { cues, errors } = new webvtt.WebVTTParser().parse(padTimings(text), 'metadata');
  // The parser recovers from slips (header lines under the signature such as YouTube's
  // "Kind: captions", a stray setting); a file that is not WebVTT at all (no signature) or has
  // no readable cue is refused.
  const fatal = errors.find((e) => e.message.startsWith('No valid signature'));
  if (fatal || cues.length === 0) {
    const first = fatal ?? errors[0];
    throw badRequest(
      first
        ? `This .vtt file could not be read: ${first.message} (line ${first.line}).`
        : 'No captions found in this .vtt file.',
    );
  }
  return cues.map((c) => ({
    voice: findVoice(c.tree.children) ?? c.id.match(WEBEX_CUE_ID)?.[1],
    text: c.text,
    start: c.startTime,
  }));
}

/**
 * Older Teams files write times without their leading zeros ("0:0:5.1 --> 0:0:8.25"), which a
 * conformant parser rejects; timing lines get the two-digit fields and three-digit fractions
 * WebVTT requires. Nothing else in the file is changed.
 */
function padTimings(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.includes('-->')
        ? line.replace(
            /\b(?:(\d+):)?(\d{1,2}):(\d{1,2})[.,](\d{1,3})\b/g,
            (_, h: string | undefined, m: string, s: string, f: string) =>
              `${h === undefined ? '' : `${h.padStart(2, '0')}:`}${m.padStart(2, '0')}:${s.padStart(2, '0')}.${f.padEnd(3, '0')}`,
          )
        : line,
    )
    .join('\n');
}

function findVoice(nodes: WebVttNode[]): string | undefined {
  for (const n of nodes) {
    if (n.type === 'object' && n.name === 'v' && n.value?.trim()) return n.value.trim();
    const inner = n.children && findVoice(n.children);
    if (inner) return inner;
  }
  return undefined;
}

function srtCues(text: string): Cue[] {
  try {
    return parseSync(text).flatMap((node) =>
      node.type === 'cue' ? [{ text: node.data.text, start: node.data.start / 1000 }] : [],
    );
  } catch (err) {
    throw badRequest(`This .srt file could not be read: ${err instanceof Error ? err.message : String(err)}.`);
  }
}
