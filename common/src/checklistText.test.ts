import { describe, expect, it } from 'vitest';
import { formatChecklist, parseChecklist, parseChecklistLine, planChecklistSync } from './checklistText.js';

describe('parseChecklistLine', () => {
  it('reads dashes, [ ] and [x] markers and strikethrough', () => {
    expect(parseChecklistLine('- [ ] buy milk')).toEqual({ content: 'buy milk', completed: false });
    expect(parseChecklistLine('- [x] call mum')).toEqual({ content: 'call mum', completed: true });
    expect(parseChecklistLine('[X] caps')).toEqual({ content: 'caps', completed: true });
    expect(parseChecklistLine('  plain line  ')).toEqual({ content: 'plain line', completed: false });
    expect(parseChecklistLine('- ~~struck~~')).toEqual({ content: 'struck', completed: true });
    expect(parseChecklistLine('- [x] ~~both~~')).toEqual({ content: 'both', completed: true });
    expect(parseChecklistLine('* star bullet')).toEqual({ content: 'star bullet', completed: false });
  });

  it('ignores blank lines and bare markers', () => {
    for (const s of ['', '   ', '-', '- [ ]', '[x]']) expect(parseChecklistLine(s)).toBeNull();
  });

  it('keeps dashes inside the text', () => {
    expect(parseChecklistLine('- [ ] e-mail Bob - today')).toEqual({ content: 'e-mail Bob - today', completed: false });
  });
});

describe('parseChecklist and formatChecklist', () => {
  it('ignores duplicates, keeping the first', () => {
    expect(parseChecklist('- [ ] a\n- [x] a\nb\n\n')).toEqual([
      { content: 'a', completed: false },
      { content: 'b', completed: false },
    ]);
  });

  it('round-trips', () => {
    const todos = [
      { content: 'one', completed: false },
      { content: 'two', completed: true },
    ];
    expect(formatChecklist(todos)).toBe('- [ ] one\n- [x] two');
    expect(parseChecklist(formatChecklist(todos))).toEqual(todos);
  });
});

describe('planChecklistSync', () => {
  const todos = [
    { id: 1, content: 'keep', completed: false },
    { id: 2, content: 'finish', completed: false },
    { id: 3, content: 'drop', completed: true },
  ];

  it('creates new lines, toggles changed completion, deletes missing todos', () => {
    const plan = planChecklistSync('- [ ] keep\n- [x] finish\n- [ ] new one', todos);
    expect(plan).toEqual({
      create: [{ content: 'new one', completed: false }],
      toggle: [{ id: 2, completed: true }],
      remove: [3],
    });
  });

  it('does nothing for the unchanged text', () => {
    expect(planChecklistSync(formatChecklist(todos), todos)).toEqual({ create: [], toggle: [], remove: [] });
  });

  it('reopens a done todo and empties the list', () => {
    expect(planChecklistSync('- [ ] drop', todos)).toEqual({
      create: [],
      toggle: [{ id: 3, completed: false }],
      remove: [1, 2],
    });
  });

  it('removes server-side duplicates of one content', () => {
    const dup = [...todos, { id: 9, content: 'keep', completed: false }];
    expect(planChecklistSync(formatChecklist(todos), dup).remove).toEqual([9]);
  });
});
