import { useState } from 'react';
import type { Conversation } from '#common/api/coach.js';
import { COACH_LABELS, COACH_MESSAGES, chatTitleFallback } from '#common/coachTexts.js';
import { ApiError } from '../../api/client';
import { Button, ConfirmDialog, Modal, TextField, useToast } from '../../ui';
import { PlusIcon } from '../../ui/icons';
import { deleteConversation, renameConversation, useRefreshConversations } from './api';
import styles from './Chat.module.css';
import { PencilIcon, TrashIcon } from './icons';

const conversationTitle = (c: Conversation) => c.title?.trim() || chatTitleFallback(c.created_at);

function RenameModal({ conversation, onClose }: { conversation: Conversation; onClose: () => void }) {
  const [title, setTitle] = useState(conversation.title ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = useRefreshConversations();
  const toast = useToast();
  const save = async () => {
    if (!title.trim()) {
      setError(COACH_MESSAGES.titleRequired);
      return;
    }
    setBusy(true);
    try {
      await renameConversation(conversation.conversation_uuid, title.trim());
      await refresh();
      onClose();
    } catch (err) {
      toast.error(err instanceof ApiError ? COACH_MESSAGES.renameFailed : COACH_MESSAGES.renameError);
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      onOpenChange={(o) => !o && !busy && onClose()}
      title="Rename conversation"
      size="sm"
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="primary" onClick={save} loading={busy} disabled={!title.trim()}>
            Save
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Title"
          value={title}
          autoFocus
          maxLength={200}
          error={error ?? undefined}
          onChange={(e) => {
            setTitle(e.target.value);
            setError(null);
          }}
        />
      </form>
    </Modal>
  );
}

/** The history: New Chat and the conversations, each with rename and delete. */
export function History({
  conversations,
  activeUuid,
  onSelect,
  onNewChat,
  onDeleted,
  showType = true,
  more,
}: {
  conversations: Conversation[];
  activeUuid: string | null;
  onSelect: (uuid: string) => void;
  onNewChat: () => void;
  onDeleted: (uuid: string) => void;
  showType?: boolean;
  /** Older conversations not read yet: a 'Show more' button reads the next page. */
  more?: { hasMore: boolean; loading: boolean; show: () => void };
}) {
  const [renaming, setRenaming] = useState<Conversation | null>(null);
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const refresh = useRefreshConversations();
  const toast = useToast();
  return (
    <nav className={styles.history} aria-label="Chat History">
      <div className={styles.historyHead}>
        <h2 className={styles.historyTitle}>Chat History</h2>
        <Button size="sm" variant="primary" icon={<PlusIcon />} onClick={onNewChat}>
          New Chat
        </Button>
      </div>
      {conversations.length === 0 ? (
        <p className={styles.muted}>No past conversations.</p>
      ) : (
        <ul className={styles.historyList}>
          {conversations.map((c) => {
            const title = conversationTitle(c);
            return (
              <li
                key={c.conversation_uuid}
                className={c.conversation_uuid === activeUuid ? styles.activeItem : undefined}
              >
                <button
                  type="button"
                  className={styles.historyOpen}
                  aria-current={c.conversation_uuid === activeUuid || undefined}
                  onClick={() => onSelect(c.conversation_uuid)}
                >
                  <span className={styles.historyName}>{title}</span>
                  {showType && <span className={styles.muted}>{COACH_LABELS[c.coach_type]}</span>}
                </button>
                <span className={styles.historyActions}>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={`Rename ${title}`}
                    title="Rename"
                    onClick={() => setRenaming(c)}
                  >
                    <PencilIcon />
                  </button>
                  <button
                    type="button"
                    className={styles.iconButton}
                    aria-label={`Delete ${title}`}
                    title="Delete"
                    onClick={() => setDeleting(c)}
                  >
                    <TrashIcon />
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {more?.hasMore && (
        <Button size="sm" variant="secondary" onClick={more.show} disabled={more.loading}>
          {more.loading ? 'Loading…' : 'Show more'}
        </Button>
      )}
      {renaming && <RenameModal conversation={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete conversation"
        message={COACH_MESSAGES.deleteConfirm}
        onConfirm={async () => {
          if (!deleting) return;
          const uuid = deleting.conversation_uuid;
          try {
            await deleteConversation(uuid);
          } catch (err) {
            toast.error(err instanceof ApiError ? COACH_MESSAGES.deleteFailed : COACH_MESSAGES.deleteError);
            return;
          }
          onDeleted(uuid);
          await refresh();
        }}
      />
    </nav>
  );
}
