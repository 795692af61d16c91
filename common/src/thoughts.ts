/** Reasoning models wrap their thinking in <think> tags: it is kept apart and shown on demand. */
export function splitThoughts(text: string): { content: string; thoughts: string | null } {
  const thoughts: string[] = [];
  let content = text.replace(/<(think|thinking)>([\s\S]*?)<\/\1>/gi, (_m, _tag, inner: string) => {
    thoughts.push(inner.trim());
    return '';
  });
  // An unclosed tag at the start: the model never finished thinking.
  const open = /^\s*<(think|thinking)>([\s\S]*)$/i.exec(content);
  if (open?.[2] !== undefined) {
    thoughts.push(open[2].trim());
    content = '';
  }
  const joined = thoughts.filter(Boolean).join('\n\n');
  return { content: content.trim(), thoughts: joined || null };
}
