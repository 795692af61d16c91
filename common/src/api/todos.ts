import { z } from 'zod';
import { TODO_MAX_LENGTH, TODO_TEXT } from '../journalConstants.js';

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

export const listTodosQuery = z.object({
  /** true: completed todos only (all of them); false: open todos only. Absent: the list as shown. */
  completed: boolParam,
  /** true: open todos created before today (in the user's time zone). */
  overdue: boolParam,
});
export type ListTodosQuery = z.infer<typeof listTodosQuery>;

export const todoContent = z.string().trim().min(1, TODO_TEXT.contentRequired).max(TODO_MAX_LENGTH);

export const createTodoRequest = z.object({ content: todoContent, completed: z.boolean().optional() });
export type CreateTodoRequest = z.infer<typeof createTodoRequest>;

export const updateTodoRequest = z
  .object({ completed: z.boolean().optional(), content: todoContent.optional() })
  .refine((b) => b.completed !== undefined || b.content !== undefined, 'Nothing to update');
export type UpdateTodoRequest = z.infer<typeof updateTodoRequest>;

export const todoIdParams = z.object({ id: z.coerce.number().int().positive() });
export const todosResponse = z.array(todo);

/** The whole edited checklist, applied at once (see checklistText.ts for the format). */
export const applyChecklistRequest = z.object({ text: z.string().max(TODO_MAX_LENGTH * 2000) });
export type ApplyChecklistRequest = z.infer<typeof applyChecklistRequest>;
