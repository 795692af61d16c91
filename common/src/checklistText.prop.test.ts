import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ChecklistTodo, formatChecklist, parseChecklist, planChecklistSync } from './checklistText.js';

// Todo texts as people write them: words and punctuation, no line breaks, no leading markers.
const content = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,!?'()&-]{0,30}[A-Za-z0-9.!?)]$|^[A-Za-z0-9]$/);
const items = fc.uniqueArray(fc.record({ content, completed: fc.boolean() }), {
  selector: (i) => i.content,
  maxLength: 25,
});

/** The server as the plan sees it: applies creates, toggles and deletes to a list. */
function apply(todos: ChecklistTodo[], text: string, nextId: { n: number }): ChecklistTodo[] {
  const plan = planChecklistSync(text, todos);
  const removed = new Set(plan.remove);
  const toggled = new Map(plan.toggle.map((t) => [t.id, t.completed]));
  const kept = todos
    .filter((t) => !removed.has(t.id))
    .map((t) => ({ ...t, completed: toggled.get(t.id) ?? t.completed }));
  return [...kept, ...plan.create.map((l) => ({ id: nextId.n++, ...l }))];
}

const lineVariants = (i: { content: string; completed: boolean }) =>
  fc.constantFrom(
    `- [${i.completed ? 'x' : ' '}] ${i.content}`,
    i.completed ? `~~${i.content}~~` : i.content,
    i.completed ? `- ~~${i.content}~~` : `- ${i.content}`,
  );

describe('checklist text properties', () => {
  it('render then parse gives back the same items', () => {
    fc.assert(
      fc.property(items, (list) => {
        expect(parseChecklist(formatChecklist(list))).toEqual(list);
      }),
    );
  });

  it('any of the accepted spellings parses to the same items', () => {
    const written = items.chain((list) =>
      fc.tuple(fc.constant(list), list.length ? fc.tuple(...list.map(lineVariants)) : fc.constant([] as string[])),
    );
    fc.assert(
      fc.property(written, ([list, lines]) => {
        expect(parseChecklist(lines.join('\n'))).toEqual(list);
      }),
    );
  });

  it('reconciling the same text twice changes nothing the second time', () => {
    fc.assert(
      fc.property(items, items, (server, edited) => {
        const nextId = { n: 1 };
        const start = server.map((s) => ({ id: nextId.n++, ...s }));
        const text = formatChecklist(edited);
        const once = apply(start, text, nextId);
        expect(planChecklistSync(text, once)).toEqual({ create: [], toggle: [], remove: [] });
        expect(once.map(({ content, completed }) => ({ content, completed }))).toEqual(expect.arrayContaining(edited));
        expect(once).toHaveLength(edited.length);
      }),
    );
  });

  it('never deletes a todo whose text is still in the list', () => {
    fc.assert(
      fc.property(items, items, (server, edited) => {
        const todos = server.map((s, i) => ({ id: i + 1, ...s }));
        const text = formatChecklist([...edited, ...server.filter((_, i) => i % 2 === 0)]);
        const inText = new Set(parseChecklist(text).map((l) => l.content));
        const { remove } = planChecklistSync(text, todos);
        for (const t of todos) if (inText.has(t.content)) expect(remove).not.toContain(t.id);
      }),
    );
  });
});
