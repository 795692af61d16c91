import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Todo } from '#common/api/todos.js';
import { messageOf } from '../../api/client';
import { useTimeZone } from '../../app/time/useToday';
import { Button, Card, ErrorState, Spinner, useToast } from '../../ui';
import { setTodoCompleted, todosKey, useDoneTodos } from './api';
import styles from './Todos.module.css';

/**
 * Every completed todo, newest first, a page at a time. The checklist hides a todo 24 hours
 * after it is done (part 2 §5); this is where the years of done todos stay reachable. It is read
 * only once opened, so the checklist loads as fast with ten years of history as with none.
 */
export function DoneHistory() {
  const [open, setOpen] = useState(false);
  const done = useDoneTodos(open);
  return (
    <Card className={styles.card} title="Completed" description="Todos you have ticked off, newest first.">
      {!open ? (
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Show completed todos
          </Button>
        </div>
      ) : done.query.isPending ? (
        <Spinner label="Loading completed todos…" />
      ) : !done.todos ? (
        <ErrorState
          message="Failed to load completed todos."
          onRetry={() => done.query.refetch()}
          retrying={done.query.isFetching}
        />
      ) : done.todos.length === 0 ? (
        <p className={styles.muted}>No completed todos yet.</p>
      ) : (
        <div className={styles.view}>
          <ul className={styles.list} aria-label="Completed todos">
            {done.todos.map((t) => (
              <DoneItem key={t.id} todo={t} />
            ))}
          </ul>
          {done.hasMore && (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={done.showMore} disabled={done.loadingMore}>
                {done.loadingMore ? 'Loading…' : 'Show more'}
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

function DoneItem({ todo }: { todo: Todo }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const zone = useTimeZone();
  const [busy, setBusy] = useState(false);
  const when = todo.completed_at
    ? new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: zone }).format(new Date(todo.completed_at))
    : '';
  const reopen = async () => {
    setBusy(true);
    try {
      await setTodoCompleted(todo.id, false);
      await queryClient.invalidateQueries({ queryKey: todosKey });
    } catch (e) {
      toast.error(messageOf(e, 'Failed to reopen the todo. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={styles.item}>
      <input
        type="checkbox"
        className={styles.check}
        checked={!busy}
        disabled={busy}
        onChange={reopen}
        aria-label={`Reopen ${todo.content}`}
      />
      <span className={styles.doneText}>
        <s>{todo.content}</s>
      </span>
      {when && <span className={styles.muted}>{when}</span>}
    </li>
  );
}
