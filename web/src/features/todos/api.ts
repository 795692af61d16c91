import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type Todo, todo, todosResponse } from '#common/api/todos.js';
import { get, patch, put } from '../../api/client';

export const todosKey = ['todos'] as const;

const fetchTodos = () => get('/todos', { schema: todosResponse });

export function useTodos() {
  return useQuery({ queryKey: todosKey, queryFn: fetchTodos });
}

/** The done history is read this many at a time, newest completion first. */
export const DONE_PAGE_SIZE = 50;

/**
 * Every completed todo, a page at a time (`showMore` reads the next one), read only when the
 * history is opened. A todo seen on an earlier page (the list moved while paging) is listed once.
 */
export function useDoneTodos(enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: [...todosKey, 'done'],
    queryFn: ({ pageParam }) =>
      get('/todos', {
        query: { completed: true, limit: DONE_PAGE_SIZE, offset: pageParam },
        schema: todosResponse,
      }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.length < DONE_PAGE_SIZE ? undefined : pages.length * DONE_PAGE_SIZE),
    enabled,
  });
  const byId = new Map<number, Todo>();
  for (const page of query.data?.pages ?? []) for (const t of page) if (!byId.has(t.id)) byId.set(t.id, t);
  return {
    query,
    todos: query.data ? [...byId.values()] : undefined,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    showMore: () => void query.fetchNextPage(),
  };
}

export const setTodoCompleted = (id: number, completed: boolean) =>
  patch(`/todos/${id}`, { completed }, { schema: todo });

/**
 * Makes the server's todos match the edited text in one request (one transaction on the
 * server): new lines are created in their order, changed completion is toggled, todos missing
 * from the text are deleted. Resolves with the new list.
 */
export const saveChecklist = (text: string) => put('/todos/checklist', { text }, { schema: todosResponse });
