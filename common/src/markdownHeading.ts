/**
 * Markdown ATX headings (`## Title`, `## Title ##`), read without a backtracking pattern. The
 * usual `^#{1,6}\s+(.+?)\s*#*\s*$` takes time cubic in the length of a line whose title holds a
 * long run of spaces (5,000 spaces took 55 s), so one such line in a note or a reply stalled the
 * whole server.
 */

export interface AtxHeading {
  /** 1–6, the number of opening #s. */
  level: number;
  /** The text after the opening #s, without the closing #s and the spaces around it. */
  title: string;
}

const OPENING = /^(#{1,6})\s+/;
/** The line ends that `.` does not match: a title holding one is not a heading. */
const LINE_END = /[\r\u2028\u2029]/;
const SPACE = /\s/;

/**
 * The heading that `line` is, or undefined. The line starts with its #s (leading spaces are
 * the caller's to allow or trim). A closing run of #s is dropped, but a title keeps at least one
 * character, so `# #` is a heading titled `#`. A blank title is no heading.
 */
export function atxHeading(line: string): AtxHeading | undefined {
  const opening = OPENING.exec(line);
  if (!opening?.[1]) return undefined;
  const rest = line.slice(opening[0].length).trimEnd();
  let end = rest.length;
  while (end > 1 && rest[end - 1] === '#') end--;
  while (end > 1 && SPACE.test(rest[end - 1] ?? '')) end--;
  const title = rest.slice(0, end);
  if (!title || LINE_END.test(title)) return undefined;
  return { level: opening[1].length, title };
}
