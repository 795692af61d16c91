import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { TRANSCRIPT_PAGE_MAX, TRANSCRIPT_TEXT } from '#common/api/transcripts.js';
import { messageOf } from '../../api/client';
import { Button, Card, Checkbox, ConfirmDialog, EmptyState, ErrorState, LoadingState, Tabs, useToast } from '../../ui';
import { ExportImportPanel } from '../dataTransfer/ExportImportPanel';
import {
  bulkDeleteChats,
  bulkDeleteTranscripts,
  fetchAssistantChats,
  refreshTranscripts,
  useTranscriptPages,
} from '../transcripts/api';
import { shortDate, typeLabel } from '../transcripts/format';
import { deleteInChunks, uniqueById } from './bulk';
import styles from './DataSettings.module.css';

const TEXT = {
  chatsLoadFailed: 'Failed to load assistant chats',
  chatDeleteFailed: 'Failed to delete assistant chat',
  untitled: 'Untitled Conversation',
  loadMoreFailed: 'Failed to load more transcripts. Please try again.',
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
          return await deleteInChunks(ids, async (chunk) => (await bulkDeleteChats(chunk)).deleted);
        } catch (e) {
          throw new Error(messageOf(e, TEXT.chatDeleteFailed));
        } finally {
          await queryClient.invalidateQueries({ queryKey: ['coach'] });
        }
      }}
    />
  );
}

/**
 * Every transcript, newest first, a largest page at a time: "Load more" reads the next page, and
 * "Select all" reads the pages not yet shown first, so that it selects every one the user has.
 */
function TranscriptsPanel() {
  const queryClient = useQueryClient();
  const list = useTranscriptPages(TRANSCRIPT_PAGE_MAX);
  if (list.isPending) return <LoadingState message={TRANSCRIPT_TEXT.loading} />;
  if (list.isError) return <ErrorState message="Failed to load transcripts" onRetry={() => list.refetch()} />;
  const items = uniqueById(list.data.pages);
  const total = Math.max(list.data.pages.at(-1)?.total ?? 0, items.length);
  const ids = (pages: typeof list.data.pages) => uniqueById(pages).map((t) => String(t.id));
  return (
    <BulkList
      noun={['transcript', 'transcripts']}
      empty="No meeting transcripts."
      total={total}
      more={
        list.hasNextPage
          ? {
              loading: list.isFetchingNextPage,
              load: async () => {
                const result = await list.fetchNextPage();
                if (result.isError) throw new Error(TEXT.loadMoreFailed);
              },
            }
          : undefined
      }
      loadAll={async () => {
        let result = list.hasNextPage ? await list.fetchNextPage() : list;
        while (result.hasNextPage && !result.isError) result = await result.fetchNextPage();
        if (result.isError || !result.data) throw new Error(TEXT.loadMoreFailed);
        return ids(result.data.pages);
      }}
      items={items.map((t) => ({
        id: String(t.id),
        title: t.title,
        meta: `${shortDate(t.date)} · ${typeLabel(t.transcript_type)}`,
      }))}
      onDelete={async (ids) => {
        try {
          return await deleteInChunks(ids, async (chunk) => (await bulkDeleteTranscripts(chunk.map(Number))).deleted);
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

/**
 * A checklist with select-all and a confirmed delete of the selection. A list read a page at a
 * time names its `total`, a `more` to read the next page and a `loadAll` that reads the rest,
 * so that select-all covers every item, shown or not.
 */
function BulkList({
  items,
  noun,
  empty,
  total = items.length,
  more,
  loadAll,
  onDelete,
}: {
  items: BulkItem[];
  noun: [string, string];
  empty: string;
  /** How many there are in all (more than `items` while pages are left to read). */
  total?: number;
  more?: { loading: boolean; load: () => Promise<void> };
  /** Reads every page not read yet; resolves to every id. */
  loadAll?: () => Promise<string[]>;
  onDelete: (ids: string[]) => Promise<number>;
}) {
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [selectingAll, setSelectingAll] = useState(false);
  // Only ids still listed count (a refetch may have removed some).
  const chosen = items.filter((i) => selected.has(i.id)).map((i) => i.id);
  const all = items.length > 0 && chosen.length === items.length && items.length >= total;
  const name = (n: number) => `${n.toLocaleString()} ${n === 1 ? noun[0] : noun[1]}`;

  if (items.length === 0) return <EmptyState title={empty} compact />;

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const selectAll = async () => {
    if (all) return setSelected(new Set());
    if (!loadAll || items.length >= total) return setSelected(new Set(items.map((i) => i.id)));
    setSelectingAll(true);
    try {
      setSelected(new Set(await loadAll()));
    } catch (e) {
      toast.error(messageOf(e, 'Failed to select them all. Please try again.'));
    } finally {
      setSelectingAll(false);
    }
  };

  const loadMore = async () => {
    try {
      await more?.load();
    } catch (e) {
      toast.error(messageOf(e, 'Failed to load more. Please try again.'));
    }
  };

  return (
    <div className={styles.panel}>
      <div className={styles.toolbar}>
        <Checkbox
          label={all ? 'Deselect all' : selectingAll ? `Selecting all ${name(total)}…` : `Select all (${total})`}
          checked={all}
          disabled={selectingAll}
          ref={(el) => {
            if (el) el.indeterminate = chosen.length > 0 && !all;
          }}
          onChange={() => void selectAll()}
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
      {more && (
        <div className={styles.more}>
          <p className={styles.meta}>
            Showing {name(items.length)} of {total.toLocaleString()}.
          </p>
          <Button onClick={() => void loadMore()} loading={more.loading} loadingText="Loading more…">
            Load more
          </Button>
        </div>
      )}
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
