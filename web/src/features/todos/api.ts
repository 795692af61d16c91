import { useQuery } from '@tanstack/react-query';
import { todo, todosResponse } from '../../../../common/src/api/todos';
import { get, patch, put } from '../../api/client';

export const todosKey = ['todos'] as const;

const fetchTodos = () => get('/todos', { schema: todosResponse });

export function useTodos() {
  return useQuery({ queryKey: todosKey, queryFn: fetchTodos });
}

export const setTodoCompleted = (id: number, completed: boolean) =>
  patch(`/todos/${id}`, { completed }, { schema: todo });

/**
 * Makes the server's todos match the edited text in one request (one transaction on the
 * server): new lines are created in their order, changed completion is toggled, todos missing
 * from the text are deleted. Resolves with the new list.
 */
export const saveChecklist = (text: string) => put('/todos/checklist', { text }, { schema: todosResponse });
