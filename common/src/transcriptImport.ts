/**
 * Turns caption cues (from a .vtt or .srt export: Zoom, Teams, Meet) into transcript text.
 * The file formats themselves are read by maintained parsers on the server; this is the pure
 * part: markup removed, speaker names kept, timestamps dropped, one paragraph per speaker turn.
 */

export type TranscriptFileFormat = 'vtt' | 'srt' | 'txt';

export interface Cue {
  /** The speaker from a WebVTT voice tag (`<v Alice>`), when the file names one. */
  voice?: string;
  /** The cue's text; may still hold SRT/WebVTT styling tags, which are removed. */
  text: string;
}

/** The format a file is read as: its extension first, else a WebVTT signature, else plain text. */
export function formatOf(filename: string, text: string): TranscriptFileFormat {
  const ext = filename.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1];
  if (ext === 'vtt' || ext === 'srt' || ext === 'txt') return ext;
  return /^\uFEFF?WEBVTT/.test(text) ? 'vtt' : 'txt';
}

/** Text without a byte-order mark and with \n line ends. */
export const normalizeText = (text: string) => text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');

/**
 * Removes styling tags (<i>, <b>, <c.x>, <00:01.000>, </v>) and SRT position codes ({\an8}). A
 * tag holds no '<' and a code no '{', so each search stops at the next one: a line of unclosed
 * '<'s is read once, not once from every '<', and a '<' that no '>' closes stays text.
 */
export function stripMarkup(text: string): string {
  return text
    .replace(/<[^<>\n]*>/g, '')
    .replace(/\{\\[^{}\n]*\}/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** A speaker label at the start of a cue, as Zoom writes it ("Alice Smith: Hello"). */
const LABEL = /^([\p{L}\p{M}][\p{L}\p{M}\p{N} .'’()-]{0,58}?):\s+(.*)$/su;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Cues to paragraphs: consecutive cues of the same speaker join into one "Speaker: …"
 * paragraph; cues naming no speaker stay one line each; a cue repeating the previous one
 * (rolling captions) is dropped.
 */
export function cuesToText(cues: readonly Cue[]): string {
  const paragraphs: Array<{ speaker: string | null; parts: string[] }> = [];
  let previous = '';
  for (const cue of cues) {
    const plain = squash(stripMarkup(cue.text));
    if (!plain || plain === previous) continue;
    previous = plain;
    let speaker = cue.voice ? squash(cue.voice) : null;
    let body = plain;
    if (!speaker) {
      const m = plain.match(LABEL);
      if (m?.[1] && m[2]) {
        speaker = m[1].trim();
        body = m[2].trim();
      }
    }
    const last = paragraphs.at(-1);
    if (speaker && last && last.speaker === speaker) last.parts.push(body);
    else paragraphs.push({ speaker, parts: [body] });
  }
  return paragraphs.map((p) => (p.speaker ? `${p.speaker}: ${p.parts.join(' ')}` : p.parts.join(' '))).join('\n\n');
}
