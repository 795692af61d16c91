import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TRANSCRIPT_TEXT } from '../../../../common/src/api/transcripts';
import { messageOf } from '../../api/client';
import { Button, Card, Checkbox, ConfirmDialog, EmptyState, ErrorState, LoadingState, Tabs, useToast } from '../../ui';
import { ExportImportPanel } from '../dataTransfer/ExportImportPanel';
import {
  bulkDeleteChats,
  bulkDeleteTranscripts,
  fetchAssistantChats,
  refreshTranscripts,
  useTranscriptsUpTo,
} from '../transcript/api';
import { shortDate, typeLabel } from '../transcript/format';
import styles from './DataSettings.module.css';

const TEXT = {
  chatsLoadFailed: 'Failed to load assistant chats',
  chatDeleteFailed: 'Failed to delete assistant chat',
  untitled: 'Untitled Conversation',
};

/**
 * /dashboard/data-settings (Data Management): bulk clean-up of assistant chats and transcripts,
 * then the export of everything as one file and its import, in a section of their own (the
 * spec's two tabs stay as they are).
 */
export function DataSettingsPage() {
  return (
    <div className={styles.page}>
      <Card
        title="Data Management"
        description="Select assistant chats or meeting transcripts and delete them in one go."
      >
        <Tabs
          label="Data"
          items={[
            { id: 'chats', label: 'Assistant Chats', panel: <ChatsPanel /> },
            { id: 'transcripts', label: 'Meeting Transcripts', panel: <TranscriptsPanel /> },
          ]}
        />
      </Card>
      <ExportImportPanel />
    </div>
  );
}

function ChatsPanel() {
  const queryClient = useQueryClient();
  const chats = useQuery({ queryKey: ['coach', 'conversations', 'assistant'], queryFn: fetchAssistantChats });
  if (chats.isPending) return <LoadingState message="Loading assistant chats..." />;
  if (chats.isError) return <ErrorState message={TEXT.chatsLoadFailed} onRetry={() => chats.refetch()} />;
  return (
    <BulkList
      noun={['assistant chat', 'assistant chats']}
      empty="No assistant chats."
      items={chats.data.map((c) => ({
        id: c.conversation_uuid,
        title: c.title?.trim() || TEXT.untitled,
        meta: new Date(c.created_at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }),
      }))}
      onDelete={async (ids) => {
        try {
          return (await bulkDeleteChats(ids)).deleted;
        } catch (e) {
          throw new Error(messageOf(e, TEXT.chatDeleteFailed));
        } finally {
          await queryClient.invalidateQueries({ queryKey: ['coach'] });
        }
      }}
    />
  );
}

function TranscriptsPanel() {
  const queryClient = useQueryClient();
  const list = useTranscriptsUpTo();
  if (list.isPending) return <LoadingState message={TRANSCRIPT_TEXT.loading} />;
  if (list.isError) return <ErrorState message="Failed to load transcripts" onRetry={() => list.refetch()} />;
  return (
    <BulkList
      noun={['transcript', 'transcripts']}
      empty="No meeting transcripts."
      more={list.data.total > list.data.items.length ? list.data.total - list.data.items.length : 0}
      items={list.data.items.map((t) => ({
        id: String(t.id),
        title: t.title,
        meta: `${shortDate(t.date)} · ${typeLabel(t.transcript_type)}`,
      }))}
      onDelete={async (ids) => {
        try {
          return (await bulkDeleteTranscripts(ids.map(Number))).deleted;
        } catch (e) {
          throw new Error(messageOf(e, TRANSCRIPT_TEXT.deleteFailedShort));
        } finally {
          await refreshTranscripts(queryClient);
        }
      }}
    />
  );
}

interface BulkItem {
  id: string;
  title: string;
  meta: ReactNode;
}

/** A checklist with select-all and a confirmed delete of the selection in one request. */
function BulkList({
  items,
  noun,
  empty,
  more = 0,
  onDelete,
}: {
  items: BulkItem[];
  noun: [string, string];
  empty: string;
  /** Items beyond those listed (deleted in a later round). */
  more?: number;
  onDelete: (ids: string[]) => Promise<number>;
}) {
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  // Only ids still listed count (a refetch may have removed some).
  const chosen = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const all = items.length > 0 && chosen.length === items.length;
  const name = (n: number) => `${n} ${n === 1 ? noun[0] : noun[1]}`;

  if (items.length === 0) return <EmptyState title={empty} compact />;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <Checkbox
          label={all ? 'Deselect all' : `Select all (${items.length})`}
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = chosen.length > 0 && !all;
          }}
          onChange={() => setSelected(all ? new Set() : new Set(items.map((i) => i.id)))}
        />
        <Button variant="danger" disabled={chosen.length === 0} onClick={() => setConfirming(true)}>
          {chosen.length ? `Delete Selected (${chosen.length})` : 'Delete Selected'}
        </Button>
      </div>
      <ul className={styles.list} aria-label={noun[1]}>
        {items.map((i) => (
          <li key={i.id} className={styles.row}>
            <Checkbox
              label={
                <span className={styles.label}>
                  <span className={styles.title}>{i.title}</span>
                  <span className={styles.meta}>{i.meta}</span>
                </span>
              }
              checked={selected.has(i.id)}
              onChange={() => toggle(i.id)}
            />
          </li>
        ))}
      </ul>
      {more > 0 && <p className={styles.meta}>{name(more)} more are not listed; delete these first to see them.</p>}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Delete ${name(chosen.length)}?`}
        message={TRANSCRIPT_TEXT.confirmDelete}
        onConfirm={async () => {
          const deleted = await onDelete(chosen);
          setSelected(new Set());
          toast.success(`Deleted ${name(deleted)}.`);
        }}
      />
    </div>
  );
}
