import { idField } from '#common/api/common.js';
import { TODOS_DONE_PAGE_DEFAULT, TODOS_DONE_PAGE_MAX, todoContent } from '#common/api/todos.js';
import { listTodos } from '../../features/todos/repo.js';
import * as todos from '../../features/todos/service.js';
import { defineTool, type ToolDef, z } from './define.js';

const todo = z.object({
  id: z.number().int(),
  content: z.string(),
  completed: z.boolean(),
  completed_at: z.string().nullable(),
  created_at: z.string(),
});
const todoId = idField().describe('The todo id, as given by todos_list');
const line = (t: z.infer<typeof todo>) => `- [${t.completed ? 'x' : ' '}] ${t.content} (id ${t.id})`;

export const todoTools: ToolDef[] = [
  defineTool({
    name: 'todos_list',
    title: 'List todos',
    description:
      "Lists the user's todos. status 'open' (default): not done yet; 'done': completed todos, newest completion first, a page at a time (`limit` from `offset`; a full page means there may be more); 'overdue': open todos created before today; 'recent': the list as the app shows it (open ones plus those completed in the last 24 hours). Use the ids to complete or reopen.",
    input: {
      status: z.enum(['open', 'done', 'overdue', 'recent']).default('open'),
      limit: z
        .number()
        .int()
        .min(1)
        .max(TODOS_DONE_PAGE_MAX)
        .default(TODOS_DONE_PAGE_DEFAULT)
        .describe("Page size of status 'done'"),
      offset: z.number().int().min(0).max(1_000_000).default(0).describe("Done todos to skip (status 'done')"),
    },
    output: { status: z.string(), todos: z.array(todo) },
    write: false,
    async run(t, { status, limit, offset }) {
      const filter =
        status === 'open'
          ? { completed: false }
          : status === 'done'
            ? { completed: true, limit, offset }
            : status === 'overdue'
              ? { overdue: true }
              : {};
      const list = await listTodos(t.ctx.db, t.user.id, { ...filter, timeZone: t.zone });
      return { data: { status, todos: list }, text: list.length ? list.map(line).join('\n') : `No ${status} todos.` };
    },
  }),
  defineTool({
    name: 'todos_add',
    title: 'Add todos',
    description:
      'Adds one or more todos (open) to the end of the list, in the given order. Returns them with their ids.',
    input: { items: z.array(todoContent).min(1).max(50).describe('The text of each todo, one per item') },
    output: { added: z.array(todo) },
    write: true,
    async run(t, { items }) {
      const added = await todos.createTodos(t.ctx.db, t.user.id, items);
      return {
        data: { added },
        text: `Added ${added.length} todo${added.length === 1 ? '' : 's'}:\n${added.map(line).join('\n')}`,
      };
    },
  }),
  defineTool({
    name: 'todos_complete',
    title: 'Complete a todo',
    description:
      'Marks a todo as done (its id comes from todos_list or today). Completing a done todo changes nothing.',
    input: { id: todoId },
    output: { todo },
    write: true,
    idempotent: true,
    async run(t, { id }) {
      const updated = await todos.updateTodo(t.ctx.db, t.user.id, id, { completed: true });
      return { data: { todo: updated }, text: `Done: ${updated.content}` };
    },
  }),
  defineTool({
    name: 'todos_reopen',
    title: 'Reopen a todo',
    description:
      "Marks a done todo as open again (find its id with todos_list status 'done'). Reopening an open todo changes nothing.",
    input: { id: todoId },
    output: { todo },
    write: true,
    idempotent: true,
    async run(t, { id }) {
      const updated = await todos.updateTodo(t.ctx.db, t.user.id, id, { completed: false });
      return { data: { todo: updated }, text: `Reopened: ${updated.content}` };
    },
  }),
];
