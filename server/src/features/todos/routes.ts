import { errors, noContent } from '#common/api/common.js';
import {
  applyChecklistRequest,
  createTodoRequest,
  listTodosQuery,
  todo,
  todoIdParams,
  todosResponse,
  updateTodoRequest,
} from '#common/api/todos.js';
import { type App, type AppContext, typed } from '../../context.js';
import { userOf } from '../../http/auth.js';
import { sendJson } from '../../http/serializer.js';
import { listTodosJson } from './repo.js';
import * as service from './service.js';

const tags = ['todos'];

export async function todoRoutes(app: App, ctx: AppContext) {
  const r = typed(app);

  r.get(
    '/api/todos',
    {
      schema: {
        tags,
        operationId: 'todos.list',
        summary: 'Todos: open before completed, then by creation; completed ones hide 24 h after completion',
        description:
          'Without `completed`: the list as shown, whole (every open todo, at most 5,000, then at most 1,000 of those done in the last 24 h). `completed=false` and `overdue=true`: open todos, whole. `completed=true`: the done history a page at a time, newest completion first (ties by id): `limit` (default 100, at most 500) from `offset`; `limit` and `offset` are refused without it.',
        querystring: listTodosQuery,
        response: { 200: todosResponse, ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      return sendJson(
        reply,
        await listTodosJson(ctx.db, ctx.dialect, user.id, { ...request.query, timeZone: user.timeZone }),
      );
    },
  );

  r.post(
    '/api/todos',
    {
      schema: {
        tags,
        operationId: 'todos.create',
        summary: 'Add a todo',
        body: createTodoRequest,
        response: { 201: todo, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request, reply) => {
      const created = await service.createTodo(
        ctx.db,
        userOf(request).id,
        request.body.content,
        request.body.completed,
      );
      return reply.code(201).send(created);
    },
  );

  r.put(
    '/api/todos/checklist',
    {
      schema: {
        tags,
        operationId: 'todos.applyChecklist',
        summary: 'Apply the whole edited checklist text in one transaction; returns the new list',
        body: applyChecklistRequest,
        response: { 200: todosResponse, ...errors(400, 401, 403, 409, 413) },
      },
    },
    async (request) => service.applyChecklist(ctx.db, userOf(request).id, request.body.text),
  );

  r.patch(
    '/api/todos/:id',
    {
      schema: {
        tags,
        operationId: 'todos.update',
        summary: 'Mark a todo done or open, or change its text',
        params: todoIdParams,
        body: updateTodoRequest,
        response: { 200: todo, ...errors(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => service.updateTodo(ctx.db, userOf(request).id, request.params.id, request.body),
  );

  r.delete(
    '/api/todos/:id',
    {
      schema: {
        tags,
        operationId: 'todos.delete',
        summary: 'Delete a todo',
        params: todoIdParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      await service.deleteTodo(ctx.db, userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
}
