/**
 * Reads the speaker lines of a transcript written as plain paragraphs: a .txt file or the text of
 * a .docx (Teams and Google Meet give their transcripts as Word documents). Recognised, one per
 * line:
 *  - `Dana Smith  0:03` — Teams and Stream: the speaker and the time, the words on the lines after;
 *  - `[Dana Smith] 11:02:09` — Zoom's saved transcript (.txt), likewise;
 *  - `0:0:5.100 --> 0:0:8.250` then `Dana Smith` then the words — older Teams documents;
 *  - `Dana Smith: words` — Meet, Zoom and hand-written notes;
 *  - `00:05:00` alone — Meet's time marks, given to the next speaker's paragraph.
 * Any other line is kept as it is, in a paragraph of its own that names no speaker.
 */
import { labelledSpeaker } from './speakerLabel.js';
import { clockOf, type Paragraph } from './transcriptImport.js';

// A name: a letter, then letters, digits, spaces and . , ' ’ ( ) @ - ("Graham, Ken (Contractor)").
// Words of the name are joined by single or repeated spaces, so the spaces before the time can
// only belong to the gap (a name that could end in spaces made the pattern backtrack).
const NAME_AND_TIME =
  /^([\p{L}\p{M}][\p{L}\p{M}\p{N}.,'’()@-]*(?: +[\p{L}\p{M}\p{N}.,'’()@-]+)*)[ \t\u00a0]+(\d{1,2}:\d{2}(?::\d{2})?)$/u;
/** The longest name a header line gives (as for a name alone). */
const NAME_MAX = 81;
const BRACKETED_NAME_AND_TIME =
  /^\[([\p{L}\p{M}][\p{L}\p{M}\p{N} .,'’()@-]{0,80})\][ \t\u00a0]+(\d{1,2}:\d{2}(?::\d{2})?)$/u;
const NAME_ALONE = /^[\p{L}\p{M}][\p{L}\p{M}\p{N} .,'’()@-]{0,80}$/u;
const TIME_ALONE = /^(\d{1,2}:\d{2}(?::\d{2})?)$/;
const TIMING = /^(\d{1,2}):(\d{1,2}):(\d{1,2}(?:[.,]\d{1,3})?)[ \t]*-->[ \t]*\d{1,2}:\d{1,2}:\d{1,2}(?:[.,]\d{1,3})?$/;
/** Speaker lines are short; longer lines are words, and no pattern above is tried on them. */
const SPEAKER_LINE_MAX = 120;

/** "00:05:00", "0:03" or "11:02:09" written the importer's one way ("5:00", "0:03", "11:02:09"). */
const clock = (time: string) => clockOf(time.split(':').reduce((sum, part) => sum * 60 + Number(part), 0));

export interface SpeakerLines {
  paragraphs: Paragraph[];
  /** Whether the lines name speakers: two header lines, or two "Name:" labels (one could be a note's "Meeting at 10:30"). */
  named: boolean;
}

export function speakerLines(text: string): SpeakerLines {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const paragraphs: Paragraph[] = [];
  let pendingTime: string | undefined;
  // Lines after a header line are its speaker's words; after a label, a plain line stands alone.
  let underHeader = false;
  let headers = 0;
  let labels = 0;

  const open = (speaker: string, time: string | undefined, words: string) => {
    const last = paragraphs.at(-1);
    if (last?.speaker === speaker) last.text = [last.text, words].filter(Boolean).join(' ');
    else paragraphs.push({ speaker, time: time ?? pendingTime, text: words });
    pendingTime = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (line.length <= SPEAKER_LINE_MAX) {
      const header = line.match(NAME_AND_TIME) ?? line.match(BRACKETED_NAME_AND_TIME);
      if (header?.[1] && header[1].length <= NAME_MAX && !TIME_ALONE.test(header[1])) {
        open(header[1].trim(), clock(header[2] as string), '');
        underHeader = true;
        headers++;
        continue;
      }
      const mark = line.match(TIME_ALONE);
      if (mark) {
        pendingTime = clock(mark[1] as string);
        continue;
      }
      const timing = line.match(TIMING);
      if (timing) {
        pendingTime = clockOf(Number(timing[1]) * 3600 + Number(timing[2]) * 60 + Number(timing[3]?.replace(',', '.')));
        const name = lines[i + 1];
        const words = lines[i + 2];
        underHeader = false;
        if (name && words && name.length <= SPEAKER_LINE_MAX && NAME_ALONE.test(name) && !TIMING.test(words)) {
          open(name, undefined, '');
          underHeader = true;
          headers++;
          i++;
        }
        continue;
      }
    }
    const label = labelledSpeaker(line);
    if (label) {
      open(label.speaker, undefined, label.rest.trim());
      underHeader = false;
      labels++;
      continue;
    }
    const last = paragraphs.at(-1);
    if (underHeader && last) last.text = [last.text, line].filter(Boolean).join(' ');
    else if (last && last.speaker === null) last.text += `\n${line}`;
    else paragraphs.push({ speaker: null, text: line });
  }
  return { paragraphs: paragraphs.filter((p) => p.text), named: headers >= 2 || labels >= 2 };
}
