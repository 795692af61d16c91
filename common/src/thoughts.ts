const OPENING = /<(think|thinking)>/gi;
/** Each tag's closing tag. Global patterns keep their position: every use sets it first. */
const CLOSING: Record<string, RegExp> = { think: /<\/think>/gi, thinking: /<\/thinking>/gi };

/**
 * Reasoning models wrap their thinking in <think> tags: it is kept apart and shown on demand.
 * Each block runs from its tag to the first closing tag of the same name (in any case). The
 * blocks are found by hand rather than with `<(think|thinking)>([\s\S]*?)<\/\1>`, which reads to
 * the end of the text again from every unclosed tag.
 */
export function splitThoughts(text: string): { content: string; thoughts: string | null } {
  const thoughts: string[] = [];
  const kept: string[] = [];
  // A tag with no closing tag after one opening has none after any later opening either.
  const unclosed = new Set<string>();
  OPENING.lastIndex = 0;
  let from = 0;
  for (let open = OPENING.exec(text); open; open = OPENING.exec(text)) {
    const tag = (open[1] ?? '').toLowerCase();
    if (unclosed.has(tag)) continue;
    const closing = CLOSING[tag] as RegExp;
    closing.lastIndex = OPENING.lastIndex;
    const close = closing.exec(text);
    if (!close) {
      unclosed.add(tag);
      continue;
    }
    thoughts.push(text.slice(OPENING.lastIndex, close.index).trim());
    kept.push(text.slice(from, open.index));
    from = closing.lastIndex;
    OPENING.lastIndex = closing.lastIndex;
  }
  kept.push(text.slice(from));
  let content = kept.join('');
  // An unclosed tag at the start: the model never finished thinking.
  const open = /^\s*<(think|thinking)>([\s\S]*)$/i.exec(content);
  if (open?.[2] !== undefined) {
    thoughts.push(open[2].trim());
    content = '';
  }
  const joined = thoughts.filter(Boolean).join('\n\n');
  return { content: content.trim(), thoughts: joined || null };
}
