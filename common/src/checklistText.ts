/**
 * The todo list is edited as plain text, one todo per line. This module turns text into
 * checklist lines and back, and plans the calls that reconcile the text with the server.
 */

export interface ChecklistLine {
  content: string;
  completed: boolean;
}

export interface ChecklistTodo {
  id: number;
  content: string;
  completed: boolean;
}

const MARKER = /^\[( |x|X)\]\s*/;
const STRIKE = /^~~(.+?)~~$/;

/** One line of text as a todo, or null for a blank line. */
export function parseChecklistLine(raw: string): ChecklistLine | null {
  let line = raw.trim();
  line = line.replace(/^[-*]\s+/, '').replace(/^[-*]$/, '');
  let completed = false;
  const marker = MARKER.exec(line);
  if (marker) {
    completed = marker[1] !== ' ';
    line = line.slice(marker[0].length);
  }
  const strike = STRIKE.exec(line.trim());
  if (strike?.[1]) {
    completed = true;
    line = strike[1];
  }
  line = line.trim();
  return line ? { content: line, completed } : null;
}

/** Every todo in the text, first occurrence of a content only (duplicates are ignored). */
export function parseChecklist(text: string): ChecklistLine[] {
  const seen = new Set<string>();
  const out: ChecklistLine[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = parseChecklistLine(raw);
    if (!line || seen.has(line.content)) continue;
    seen.add(line.content);
    out.push(line);
  }
  return out;
}

/** The text a list of todos is edited as: `- [ ] open`, `- [x] done`. */
export function formatChecklist(todos: ReadonlyArray<{ content: string; completed: boolean }>): string {
  return todos.map((t) => `- [${t.completed ? 'x' : ' '}] ${t.content}`).join('\n');
}

export interface ChecklistPlan {
  create: ChecklistLine[];
  toggle: Array<{ id: number; completed: boolean }>;
  remove: number[];
}

/**
 * What to send so that the server's todos match the text: lines without a todo of the same
 * content are created, todos whose completion changed are toggled, todos missing from the text
 * are deleted. Todos are matched by their exact content.
 */
export function planChecklistSync(text: string, todos: ReadonlyArray<ChecklistTodo>): ChecklistPlan {
  const lines = parseChecklist(text);
  const byContent = new Map<string, ChecklistTodo>();
  const remove: number[] = [];
  for (const t of todos) {
    if (byContent.has(t.content)) remove.push(t.id);
    else byContent.set(t.content, t);
  }
  const create: ChecklistLine[] = [];
  const toggle: Array<{ id: number; completed: boolean }> = [];
  const kept = new Set<number>();
  for (const line of lines) {
    const existing = byContent.get(line.content);
    if (!existing) {
      create.push(line);
      continue;
    }
    kept.add(existing.id);
    if (existing.completed !== line.completed) toggle.push({ id: existing.id, completed: line.completed });
  }
  for (const t of byContent.values()) if (!kept.has(t.id)) remove.push(t.id);
  return { create, toggle, remove };
}
