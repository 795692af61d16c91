/**
 * Appends text at the end of a section of a note: the block under a heading (`#` or `##`, any
 * case) up to the next heading of level 1 or 2. A missing section is added at the end with its
 * heading. Everything else in the note is kept as written.
 */
export function appendToSection(text: string, heading: string, addition: string): string {
  const add = addition.trimEnd();
  const lines = text.split('\n');
  const norm = (s: string) => s.trim().toLowerCase();
  const start = lines.findIndex((l) => {
    const m = /^#{1,2}\s+(.*)$/s.exec(l.trim());
    return m?.[1] !== undefined && norm(m[1]) === norm(heading);
  });
  if (start < 0) {
    const body = text.trimEnd();
    return `${body}${body ? '\n\n' : ''}## ${heading}\n${add}\n`;
  }
  let end = start + 1;
  while (end < lines.length && !/^#{1,2}\s/.test((lines[end] ?? '').trim())) end++;
  // Insert after the section's last non-blank line, keeping the blank lines before the next heading.
  let last = end - 1;
  while (last > start && !(lines[last] ?? '').trim()) last--;
  // A template's empty bullet ('- ') is replaced rather than left above the new text.
  if (last > start && (lines[last] ?? '').trim() === '-') {
    lines.splice(last, 1);
    last--;
  }
  lines.splice(last + 1, 0, ...add.split('\n'));
  return lines.join('\n');
}
