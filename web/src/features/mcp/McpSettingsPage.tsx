import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApiKey, CreatedApiKey } from '#common/api/apiKeys.js';
import { API_KEY_SCOPE_LABELS, API_KEY_TEXT, MCP_PATH } from '#common/apiKeyConstants.js';
import { Button, Card, ConfirmDialog, EmptyState, ErrorState, LoadingState } from '../../ui';
import { apiKeysKey, deleteApiKey, useApiKeys } from './api';
import { CreateKeyForm } from './CreateKeyForm';
import styles from './McpSettings.module.css';
import { NewKeyPanel } from './NewKeyPanel';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const day = (iso: string) => dateFormat.format(new Date(iso));

function KeyItem({ k, onDelete }: { k: ApiKey; onDelete: () => void }) {
  const expired = k.expires_at !== null && Date.parse(k.expires_at) <= Date.now();
  return (
    <li className={styles.item}>
      <div className={styles.itemMain}>
        <div className={styles.itemTitle}>
          <span className={styles.name}>{k.name}</span>
          <span className={styles.badge}>{API_KEY_SCOPE_LABELS[k.scope]}</span>
          {expired && <span className={`${styles.badge} ${styles.expired}`}>Expired</span>}
        </div>
        <code className={styles.preview}>{k.key_preview}</code>
        <dl className={styles.meta}>
          <div>
            <dt>Created</dt>
            <dd>{day(k.created_at)}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd>{k.expires_at ? day(k.expires_at) : 'Never'}</dd>
          </div>
          <div>
            <dt>Last used</dt>
            <dd>{k.last_used_at ? dateTimeFormat.format(new Date(k.last_used_at)) : 'Never'}</dd>
          </div>
        </dl>
      </div>
      <Button variant="danger" size="sm" onClick={onDelete} aria-label={`Delete API key ${k.name}`}>
        Delete
      </Button>
    </li>
  );
}

/** /dashboard/mcp-settings: API keys for AI tools that connect over MCP. */
export function McpSettingsPage() {
  const qc = useQueryClient();
  const query = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [deleting, setDeleting] = useState<ApiKey | null>(null);
  const url = `${window.location.origin}${MCP_PATH}`;

  const onCreated = (k: CreatedApiKey) => {
    setCreated(k);
    void qc.invalidateQueries({ queryKey: apiKeysKey });
  };

  let list: React.ReactNode;
  if (query.isPending) list = <LoadingState message="Loading API keys..." />;
  else if (query.isError)
    list = <ErrorState message={API_KEY_TEXT.loadFailed} onRetry={() => query.refetch()} retrying={query.isFetching} />;
  else if (query.data.length === 0)
    list = <EmptyState compact title="No API keys yet" message="Create one above to connect an AI tool." />;
  else
    list = (
      <ul className={styles.list} aria-label="API keys">
        {query.data.map((k) => (
          <KeyItem key={k.id} k={k} onDelete={() => setDeleting(k)} />
        ))}
      </ul>
    );

  return (
    <div className={styles.page}>
      <p className={styles.intro}>
        API keys let AI tools such as Claude, Cursor or VS Code read your day, journal, todos, workouts, calendar and
        meeting transcripts through the Model Context Protocol, and with read-and-write access add todos, log workouts,
        save transcripts and write to today's note. The endpoint is <code className={styles.inlineCode}>{url}</code>.
      </p>
      {created ? (
        <NewKeyPanel created={created} url={url} onDone={() => setCreated(null)} />
      ) : (
        <CreateKeyForm onCreated={onCreated} />
      )}
      <Card title="Your API keys" padding="md">
        {list}
      </Card>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}?` : 'Delete API key?'}
        message={API_KEY_TEXT.deleteConfirm}
        onConfirm={async () => {
          if (!deleting) return;
          try {
            await deleteApiKey(deleting.id);
          } catch {
            throw new Error(API_KEY_TEXT.deleteFailed);
          }
          if (created?.id === deleting.id) setCreated(null);
          await qc.invalidateQueries({ queryKey: apiKeysKey });
        }}
      />
    </div>
  );
}
