import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TranscriptSummary } from '#common/api/transcripts.js';
import { messageOf } from '../../api/client';
import { Button, Checkbox, EmptyState, ErrorState, LoadingState, Modal, useToast } from '../../ui';
import { todosKey } from '../todos/api';
import { confirmActionItems, proposeActionItems, transcriptsKey } from './api';
import styles from './Transcript.module.css';

export interface ActionItemsDialogProps {
  transcript: Pick<TranscriptSummary, 'id' | 'title'> | null;
  onClose: () => void;
}

/**
 * 'Find action items': proposals from the transcript (AI provider or offline rules); the user
 * ticks the ones to keep, and only 'Add to todos' creates them, each naming the meeting.
 */
export function ActionItemsDialog({ transcript, onClose }: ActionItemsDialogProps) {
  return (
    <Modal
      open={transcript !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Action items"
      description={transcript ? `From “${transcript.title}”. Tick the ones to add to your todos.` : undefined}
      size="lg"
    >
      {transcript && <Proposals key={transcript.id} transcript={transcript} onDone={onClose} />}
    </Modal>
  );
}

function Proposals({
  transcript,
  onDone,
}: {
  transcript: Pick<TranscriptSummary, 'id' | 'title'>;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const proposals = useQuery({
    queryKey: [...transcriptsKey, 'action-items', transcript.id],
    queryFn: () => proposeActionItems(transcript.id),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (proposals.isPending) return <LoadingState message="Finding action items..." />;
  if (proposals.isError)
    return (
      <ErrorState
        message={messageOf(proposals.error, 'Failed to find action items.')}
        onRetry={() => proposals.refetch()}
      />
    );
  const { items, method, notice } = proposals.data;
  if (items.length === 0)
    return (
      <EmptyState
        title="No action items found"
        message="Nothing in this transcript reads like a task. Lines such as “Action: …”, “TODO …”, “- [ ] …”, “I will …” or “@me …” are picked up."
        action={<Button onClick={onDone}>Close</Button>}
      />
    );

  const toggle = (i: number) =>
    setTicked((s) => {
      const next = new Set(s);
      if (next.has(i)) next.delete(i);
      else next.add(i);
      return next;
    });

  const add = async () => {
    const chosen = items.filter((_, i) => ticked.has(i)).map((i) => i.text);
    setSaving(true);
    setError(null);
    try {
      const out = await confirmActionItems(transcript.id, chosen);
      await queryClient.invalidateQueries({ queryKey: todosKey });
      toast.success(`Added ${out.todos.length} ${out.todos.length === 1 ? 'todo' : 'todos'}.`);
      onDone();
    } catch (e) {
      setError(messageOf(e, 'Failed to add the todos. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        {method === 'rules' ? 'Found with the offline rules.' : `Proposed by the AI assistant (${method}).`}
        {notice ? ` ${notice}` : ''}
      </p>
      <ul className={styles.items} aria-label="Proposed action items">
        {items.map((item, i) => (
          <li key={item.text}>
            <Checkbox label={item.text} checked={ticked.has(i)} onChange={() => toggle(i)} />
            <p className={styles.source}>“{item.source}”</p>
          </li>
        ))}
      </ul>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        <Button onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button variant="primary" onClick={add} disabled={ticked.size === 0} loading={saving} loadingText="Adding...">
          {ticked.size ? `Add ${ticked.size} to todos` : 'Add to todos'}
        </Button>
      </div>
    </div>
  );
}
