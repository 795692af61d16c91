import { useQuery } from '@tanstack/react-query';
import { type Todo, todo, todosResponse } from '../../../../common/src/api/todos';
import { planChecklistSync } from '../../../../common/src/checklistText';
import { del, get, patch, post } from '../../api/client';

export const todosKey = ['todos'] as const;

export const fetchTodos = () => get('/todos', { schema: todosResponse });

export function useTodos() {
  return useQuery({ queryKey: todosKey, queryFn: fetchTodos });
}

export const setTodoCompleted = (id: number, completed: boolean) =>
  patch(`/todos/${id}`, { completed }, { schema: todo });

/**
 * Makes the server's todos match the edited text: new lines are created in their order (so
 * creation time keeps the text's order), changed completion is toggled, missing todos deleted.
 */
export async function saveChecklist(text: string, current: Todo[]): Promise<void> {
  const plan = planChecklistSync(text, current);
  for (const line of plan.create) await post('/todos', { content: line.content, completed: line.completed });
  await Promise.all([
    ...plan.toggle.map((t) => setTodoCompleted(t.id, t.completed)),
    ...plan.remove.map((id) => del(`/todos/${id}`)),
  ]);
}
