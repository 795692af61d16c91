/**
 * Turns caption cues (from a .vtt or .srt export: Zoom, Teams, Webex, Meet, YouTube) into
 * transcript text. The file formats themselves are read by maintained parsers on the server;
 * this is the pure part: markup removed, speaker names kept, one paragraph per speaker turn,
 * each starting with the time its first cue starts.
 */
import { decodeHTMLStrict } from 'entities';
import { labelledSpeaker } from './speakerLabel.js';

export type TranscriptFileFormat = 'vtt' | 'srt' | 'txt' | 'docx';

export interface Cue {
  /** The speaker the file names outside the text: a WebVTT voice tag (`<v Alice>`) or a Webex cue id. */
  voice?: string;
  /** The cue's text; may still hold SRT/WebVTT styling tags and character references, which are removed. */
  text: string;
  /** When the cue starts, in seconds from the start of the recording. */
  start?: number;
}

/** One paragraph of imported text: a speaker's turn, or words no speaker is named for. */
export interface Paragraph {
  /** The start time as written before the paragraph ("0:03", "1:02:03"), when the file gives one. */
  time?: string;
  speaker: string | null;
  text: string;
}

/** The format a file is read as: its extension first, else a WebVTT signature, else plain text. */
export function formatOf(filename: string, text: string): TranscriptFileFormat {
  const ext = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === 'vtt' || ext === 'srt' || ext === 'txt' || ext === 'docx') return ext;
  return /^\uFEFF?WEBVTT/.test(text) ? 'vtt' : 'txt';
}

/** Text without a byte-order mark and with \n line ends. */
export const normalizeText = (text: string) => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');

/**
 * Removes styling tags (<i>, <b>, <c.x>, <00:01.000>, </v>) and SRT position codes ({\an8}), then
 * decodes character references (&amp;, &#237;) as HTML does. A tag holds no '<' and a code no
 * '{', so each search stops at the next one: a line of unclosed '<'s is read once, not once from
 * every '<', and a '<' that no '>' closes stays text.
 */
export function stripMarkup(text: string): string {
  return decodeHTMLStrict(text.replace(/<[^<>\n]*>/g, '').replace(/\{\\[^{}\n]*\}/g, ''));
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Seconds as a clock: m:ss under an hour, h:mm:ss from an hour on. */
export function clockOf(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mmss = `${Math.floor((s % 3600) / 60)}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, '0')}` : mmss;
}

/** The longest stretch, in seconds, that one paragraph of cues naming no speaker may cover. */
export const UNNAMED_PARAGRAPH_SECONDS = 60;

/**
 * Cues to paragraphs: consecutive cues of the same speaker join into one paragraph that keeps
 * the first cue's start time; cues naming no speaker join for up to a minute at a time. Lines a
 * cue repeats from the cue before it (YouTube's rolling two-line captions, a repeated cue) are
 * dropped when both cues are the same speaker's.
 */
export function cuesToParagraphs(cues: readonly Cue[]): Paragraph[] {
  const out: Array<Paragraph & { start?: number }> = [];
  let previous: { speaker: string | null; lines: string[] } = { speaker: null, lines: [] };
  for (const cue of cues) {
    const lines = stripMarkup(cue.text).split('\n').map(squash).filter(Boolean);
    if (lines.length === 0) continue;
    let speaker = cue.voice ? squash(stripMarkup(cue.voice)) || null : null;
    if (!speaker) {
      const label = labelledSpeaker(lines[0] as string);
      if (label) {
        speaker = label.speaker;
        lines[0] = label.rest.trim();
      }
    }
    let repeated = 0;
    if (previous.speaker === speaker)
      while (repeated < lines.length && previous.lines.includes(lines[repeated] as string)) repeated++;
    previous = { speaker, lines };
    const body = lines.slice(repeated).filter(Boolean).join(' ');
    if (!body) continue;
    const last = out.at(-1);
    const joins =
      last &&
      last.speaker === speaker &&
      (speaker !== null ||
        last.start === undefined ||
        cue.start === undefined ||
        cue.start - last.start < UNNAMED_PARAGRAPH_SECONDS);
    if (last && joins) last.text += ` ${body}`;
    else
      out.push({
        speaker,
        text: body,
        start: cue.start,
        time: cue.start === undefined ? undefined : clockOf(cue.start),
      });
  }
  return out.map(({ start: _, ...p }) => p);
}

/** Paragraphs as transcript text: "[0:03] Dana Lee: …", a blank line between paragraphs. */
export function paragraphsToText(paragraphs: readonly Paragraph[]): string {
  return paragraphs
    .map((p) => `${p.time ? `[${p.time}] ` : ''}${p.speaker ? `${p.speaker}: ` : ''}${p.text}`)
    .join('\n\n');
}

/** The speakers of the paragraphs, each once, in the order they first speak. */
export const speakersOf = (paragraphs: readonly Paragraph[]) => [
  ...new Set(paragraphs.flatMap((p) => (p.speaker ? [p.speaker] : []))),
];

/** Cues straight to text (the paragraphs of `cuesToParagraphs`). */
export const cuesToText = (cues: readonly Cue[]) => paragraphsToText(cuesToParagraphs(cues));
