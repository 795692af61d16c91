import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Todo } from '#common/api/todos.js';
import { formatChecklist } from '#common/checklistText.js';
import { messageOf } from '../../api/client';
import { Button, Card, ErrorState, LoadingState, useToast } from '../../ui';
import { saveChecklist, setTodoCompleted, todosKey, useTodos } from './api';
import { DoneHistory } from './DoneHistory';
import styles from './Todos.module.css';

const TODO_SAVE_FAILED = 'Failed to save todos. Please try again.';
const TODO_LOAD_FAILED = 'Failed to load todos.';

/** The todo list as a checklist; tapping it opens the list as editable text. */
export function TodosPage() {
  const todos = useTodos();
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    // The spec's client only logs load failures; the message below also offers a retry.
    if (todos.error) console.error('Failed to load todos', todos.error);
  }, [todos.error]);

  if (todos.isPending) return <LoadingState message="Loading todos…" />;
  if (todos.isError)
    return <ErrorState message={TODO_LOAD_FAILED} onRetry={() => todos.refetch()} retrying={todos.isFetching} />;

  return (
    <div className={styles.stack}>
      <Card
        className={styles.card}
        title="Checklist"
        description={editing ? 'One todo per line. [x] or ~~text~~ marks it done.' : 'Tap the list to edit it as text.'}
      >
        {editing ? (
          <ChecklistEditor todos={todos.data} onClose={() => setEditing(false)} />
        ) : (
          <ChecklistView todos={todos.data} onEdit={() => setEditing(true)} />
        )}
      </Card>
      <DoneHistory />
    </div>
  );
}

function ChecklistView({ todos, onEdit }: { todos: Todo[]; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  // Ticks not yet confirmed by the server. Kept in component state, so the box flips in the same
  // event as the click (the query cache notifies its readers a moment later).
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const isDone = (t: Todo) => pending.get(t.id) ?? t.completed;

  const toggle = async (t: Todo) => {
    const completed = !isDone(t);
    setPending((p) => new Map(p).set(t.id, completed));
    // A refetch still in flight must not undo the tick; the refetch below brings the server's
    // order and times.
    await queryClient.cancelQueries({ queryKey: todosKey });
    queryClient.setQueryData<Todo[]>(todosKey, (list) => list?.map((x) => (x.id === t.id ? { ...x, completed } : x)));
    try {
      await setTodoCompleted(t.id, completed);
    } catch (e) {
      toast.error(messageOf(e, TODO_SAVE_FAILED));
    }
    await queryClient.invalidateQueries({ queryKey: todosKey });
    setPending((p) => {
      const next = new Map(p);
      next.delete(t.id);
      return next;
    });
  };

  return (
    <div className={styles.view}>
      {todos.length === 0 ? (
        <button type="button" className={styles.emptyButton} onClick={onEdit}>
          No todos yet. Tap here to write your list.
        </button>
      ) : (
        <ul className={styles.list} aria-label="Todos">
          {todos.map((t) => (
            <li key={t.id} className={styles.item}>
              <input
                type="checkbox"
                className={styles.check}
                checked={isDone(t)}
                onChange={() => toggle(t)}
                aria-label={t.content}
              />
              <button type="button" className={styles.itemText} onClick={onEdit} data-done={isDone(t) || undefined}>
                {isDone(t) ? <s>{t.content}</s> : t.content}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.actions}>
        <Button variant="primary" onClick={onEdit}>
          Edit list
        </Button>
      </div>
    </div>
  );
}

function ChecklistEditor({ todos, onClose }: { todos: Todo[]; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const initial = formatChecklist(todos);
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const done = useRef(false);
  const area = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const save = async () => {
    if (done.current) return;
    done.current = true;
    if (text === initial) return onClose();
    setSaving(true);
    try {
      queryClient.setQueryData<Todo[]>(todosKey, await saveChecklist(text));
      onClose();
    } catch (e) {
      toast.error(messageOf(e, TODO_SAVE_FAILED));
      done.current = false;
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: todosKey });
    }
  };

  const cancel = () => {
    done.current = true;
    onClose();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      cancel();
    }
  };

  return (
    <div className={styles.editor}>
      <label htmlFor="todo-text" className="visually-hidden">
        Todo list
      </label>
      <textarea
        id="todo-text"
        ref={area}
        className={styles.textarea}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={(e) => {
          // Moving to the Done or Cancel button is not leaving the editor.
          if (e.relatedTarget instanceof HTMLElement && e.currentTarget.parentElement?.contains(e.relatedTarget))
            return;
          void save();
        }}
        rows={Math.min(18, Math.max(6, text.split('\n').length + 2))}
        spellCheck
        placeholder={'- [ ] Something to do\n- [x] Something done'}
      />
      <div className={styles.actions}>
        <Button variant="ghost" onMouseDown={(e) => e.preventDefault()} onClick={cancel} disabled={saving}>
          Cancel
        </Button>
        <Button variant="primary" onClick={save} loading={saving} loadingText="Saving...">
          Done
        </Button>
      </div>
    </div>
  );
}
