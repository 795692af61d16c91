import { z } from 'zod';
import { TODO_MAX_LENGTH, TODO_TEXT } from '../journalConstants.js';
import { idParam } from './common.js';

export const todo = z
  .object({
    id: z.number().int(),
    content: z.string(),
    completed: z.boolean(),
    completed_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Todo' });
export type Todo = z.infer<typeof todo>;

const boolParam = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/**
 * The done history (`completed=true`) is read a page at a time, newest completion first (ties by
 * id): `limit` from `offset`. The open lists are returned whole: the checklist editor rewrites
 * the list as shown, so it must see all of it; they are bounded by TODO_OPEN_MAX open todos (a
 * write that would add more is refused, so no open todo is ever left out of the list) and
 * TODO_RECENT_DONE_MAX of those done in the last 24 h (the most recently completed).
 */
export const TODOS_DONE_PAGE_DEFAULT = 100;
export const TODOS_DONE_PAGE_MAX = 500;
export const TODO_OPEN_MAX = 5000;
/** A write that would leave more than TODO_OPEN_MAX open todos is refused with 409 and changes nothing. */
export const TODOS_OPEN_FULL = `The list holds at most ${TODO_OPEN_MAX.toLocaleString('en-US')} open todos: complete or delete some first`;
export const TODO_RECENT_DONE_MAX = 1000;
export const TODOS_PAGE_ONLY_DONE = 'limit and offset page the done history: use them with completed=true';

export const listTodosQuery = z
  .object({
    /** true: completed todos only, a page at a time; false: open todos only. Absent: the list as shown. */
    completed: boolParam,
    /** true: open todos created before today (in the user's time zone). */
    overdue: boolParam,
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(TODOS_DONE_PAGE_MAX)
      .optional()
      .describe(
        `Done history page size (with completed=true): default ${TODOS_DONE_PAGE_DEFAULT}, at most ${TODOS_DONE_PAGE_MAX}`,
      ),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .optional()
      .describe('Done todos to skip (with completed=true): default 0'),
  })
  .refine((q) => q.completed === true || (q.limit === undefined && q.offset === undefined), TODOS_PAGE_ONLY_DONE);
export type ListTodosQuery = z.infer<typeof listTodosQuery>;

export const todoContent = z.string().trim().min(1, TODO_TEXT.contentRequired).max(TODO_MAX_LENGTH);

export const createTodoRequest = z.object({ content: todoContent, completed: z.boolean().optional() });
export type CreateTodoRequest = z.infer<typeof createTodoRequest>;

export const updateTodoRequest = z
  .object({ completed: z.boolean().optional(), content: todoContent.optional() })
  .refine((b) => b.completed !== undefined || b.content !== undefined, 'Nothing to update');
export type UpdateTodoRequest = z.infer<typeof updateTodoRequest>;

export const todoIdParams = z.object({ id: idParam() });
export const todosResponse = z.array(todo);

/** The whole edited checklist, applied at once (see checklistText.ts for the format). */
export const applyChecklistRequest = z.object({ text: z.string().max(TODO_MAX_LENGTH * 2000) });
export type ApplyChecklistRequest = z.infer<typeof applyChecklistRequest>;
