/**
 * The offline action-item extractor: proposes todos from a transcript's own words. Every item
 * is a piece of one transcript line, cut out and trimmed, never reworded, so nothing is
 * invented. Rules, tried on each line in order (the first that matches wins):
 *  1. a checkbox: `- [ ] text`, `* [ ] text`, `[ ] text`
 *  2. a label: `Action: text`, `Action item: text`, `TODO: text`, `To-do - text`, `TODO text`
 *  3. an assignment to the user: `@me text`
 *  4. a commitment in the first person: `I will text`, `I'll text` (not "I will not/never/be")
 * The item runs to the end of its sentence; a leading speaker label ("Bob: ") is skipped.
 */

export interface ExtractedItem {
  /** The todo's text: a substring of `source`. */
  text: string;
  /** The trimmed transcript line it came from. */
  source: string;
}

export const ACTION_ITEMS_MAX = 50;
const MIN_LENGTH = 3;
const MAX_LENGTH = 300;

// The `s` flag lets `(.+)$` take the rest of the line at once: without it, a line holding U+2028
// made every split between `\s+` and `(.+)` be tried (time quadratic in the line's length).
const RULES: RegExp[] = [
  /(?:^|\s)(?:[-*]\s*)?\[ \]\s+(.+)$/su,
  /\b(?:action(?:[ -]item)?|to-?do|to do)\s*[:–-]\s*(.+)$/isu,
  /\bTODO\s+(.+)$/su,
  /(?:^|\s)@me\b[:,]?\s+(.+)$/isu,
  /\bI(?: will|'ll|’ll)\s+(?!not\b|never\b|be\b)(.+)$/su,
];

const CLOSING = /[\s,:;.!?"'“”‘’)]/u;

/** The first sentence of `s`, without closing punctuation or wrapping quotes. */
function firstSentence(s: string): string {
  const end = s.search(/[.!?;](?:\s|$)/u);
  const cut = end === -1 ? s : s.slice(0, end);
  // Trimmed from the end by hand: `[…]+$` tries every start in a long run of these characters.
  let last = cut.length;
  while (last > 0 && CLOSING.test(cut[last - 1] ?? '')) last--;
  return cut.slice(0, last).trim();
}

/** Cuts at the last word boundary within `max` characters. */
function limit(s: string, max: number): string {
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd();
}

export function extractActionItems(transcript: string): ExtractedItem[] {
  const seen = new Set<string>();
  const items: ExtractedItem[] = [];
  for (const raw of transcript.split(/\r\n|[\r\n\u2028\u2029]/)) {
    const source = raw.trim();
    if (!source) continue;
    for (const rule of RULES) {
      const m = source.match(rule);
      if (!m?.[1]) continue;
      const text = limit(firstSentence(m[1].trim()), MAX_LENGTH);
      const key = text.toLowerCase();
      if (text.length >= MIN_LENGTH && !seen.has(key)) {
        seen.add(key);
        items.push({ text, source });
      }
      break;
    }
    if (items.length >= ACTION_ITEMS_MAX) break;
  }
  return items;
}
