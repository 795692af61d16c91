/**
 * How a transcript line names its speaker, in one place for the importer (which writes the
 * labels) and the action-item rules (which set them aside).
 */

/** A start time as the importer writes it before a paragraph: "[0:03] ", "[1:02:03] ". */
export const TIME_PREFIX = /^\[\d{1,2}(?::\d{2}){1,2}\] /;

/**
 * "Dana Lee: " at the start of a line, as Zoom and Meet write a speaker (group 1 is the name),
 * after an optional start time. A name is a letter then up to 58 letters, digits, spaces and
 * . ' ’ ( ) -, so "Note: see https://x" or a sentence with a colon in it does not qualify.
 */
export const SPEAKER_LABEL = /^(?:\[\d{1,2}(?::\d{2}){1,2}\] )?([\p{L}\p{M}][\p{L}\p{M}\p{N} .'’()-]{0,58}?):\s+/u;

/** Words that look like a speaker before a colon but start an action item instead. */
export const LABEL_WORDS = /^(?:action(?:[ -]items?)?|to-?do|to do|todo)$/i;

/** The speaker a line's label names, or null (no label, or a label word such as "Action:"). */
export function labelledSpeaker(line: string): { speaker: string; rest: string } | null {
  const m = line.match(SPEAKER_LABEL);
  const name = m?.[1]?.trim();
  if (!m || !name || LABEL_WORDS.test(name)) return null;
  return { speaker: name, rest: line.slice(m[0].length) };
}
