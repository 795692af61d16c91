import { parseSync } from 'subtitle';
import webvtt, { type WebVttNode } from 'webvtt-parser';
import type { ImportTranscriptResponse } from '../../../../common/src/api/transcripts.js';
import { type Cue, cuesToText, formatOf, normalizeText } from '../../../../common/src/transcriptImport.js';
import { badRequest } from '../../http/errors.js';

/**
 * Reads an uploaded transcript file into plain transcript text. WebVTT goes through a W3C
 * conformant parser (voice tags give the speaker), SRT through `subtitle`; the cue-to-text rules
 * live in common/src/transcriptImport.ts. A file that cannot be read is refused with the
 * parser's reason; nothing is ever saved here.
 */
export function importTranscriptFile(filename: string, raw: string): ImportTranscriptResponse {
  const text = normalizeText(raw);
  const format = formatOf(filename, text);
  if (format === 'txt') {
    const content = text.trim();
    if (!content) throw badRequest('The file is empty.');
    return { format, content, cues: 0 };
  }
  const cues = format === 'vtt' ? vttCues(text) : srtCues(text);
  const content = cuesToText(cues);
  if (!content) throw badRequest(`No captions found in this .${format} file.`);
  return { format, content, cues: cues.length };
}

function vttCues(text: string): Cue[] {
  const { cues, errors } = new webvtt.WebVTTParser().parse(text, 'metadata');
  // The parser recovers from small slips (a stray setting); a file that is not WebVTT at all
  // (no signature) or has no readable cue is refused.
  const fatal = errors.find((e) => /signature/i.test(e.message));
  if (fatal || cues.length === 0) {
    const first = fatal ?? errors[0];
    throw badRequest(
      first
        ? `This .vtt file could not be read: ${first.message} (line ${first.line}).`
        : 'No captions found in this .vtt file.',
    );
  }
  // The speaker comes from the parsed voice tag; the text is the cue's own, its markup and
  // entities removed by the shared rules (the same as for SRT).
  return cues.map((c) => ({ voice: findVoice(c.tree.children), text: c.text }));
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
    return parseSync(text).flatMap((node) => (node.type === 'cue' ? [{ text: node.data.text }] : []));
  } catch (err) {
    throw badRequest(`This .srt file could not be read: ${err instanceof Error ? err.message : String(err)}.`);
  }
}
