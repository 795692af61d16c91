import type { CreatedApiKey } from '#common/api/apiKeys.js';
import { Button, Card, Tabs } from '../../ui';
import { clientConfigs } from './clientConfigs';
import styles from './McpSettings.module.css';
import { useCopy } from './useCopy';

/** The new key, shown this once, with settings for common MCP clients. */
export function NewKeyPanel({ created, url, onDone }: { created: CreatedApiKey; url: string; onDone: () => void }) {
  const { copied, copy } = useCopy();
  const configs = clientConfigs(url, created.key);
  return (
    <Card
      title={`Your new API key: ${created.name}`}
      description="Copy it now: for your security it will not be shown again."
      className={styles.newKey}
      aria-label="New API key"
    >
      <div className={styles.keyRow}>
        <code id="new-api-key" className={styles.key} data-testid="new-api-key">
          {created.key}
        </code>
        <Button variant="primary" onClick={() => copy('new-api-key', created.key)} aria-live="polite">
          {copied === 'new-api-key' ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      <h3 className={styles.subheading}>Connect an AI tool</h3>
      <p className={styles.muted}>
        Endpoint <code className={styles.inlineCode}>{url}</code>, key in the{' '}
        <code className={styles.inlineCode}>X-API-Key</code> header (or{' '}
        <code className={styles.inlineCode}>Authorization: Bearer</code>).
      </p>
      <Tabs
        label="MCP clients"
        items={configs.map((c) => ({
          id: c.id,
          label: c.label,
          panel: (
            <div className={styles.config}>
              <p className={styles.muted}>{c.where}</p>
              <pre id={`config-${c.id}`} className={styles.snippet}>
                {c.text}
              </pre>
              <Button size="sm" onClick={() => copy(`config-${c.id}`, c.text)} aria-live="polite">
                {copied === `config-${c.id}` ? 'Copied!' : `Copy ${c.label} settings`}
              </Button>
            </div>
          ),
        }))}
      />
      <div className={styles.actions}>
        <Button onClick={onDone}>Done</Button>
      </div>
    </Card>
  );
}
