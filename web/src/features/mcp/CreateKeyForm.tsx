import { useState } from 'react';
import type { CreatedApiKey } from '#common/api/apiKeys.js';
import {
  API_KEY_DEFAULT_EXPIRY,
  API_KEY_EXPIRY_OPTIONS,
  API_KEY_SCOPE_LABELS,
  API_KEY_SCOPES,
  API_KEY_TEXT,
  type ApiKeyScope,
} from '#common/apiKeyConstants.js';
import { ApiError } from '../../api/client';
import { Button, Card, Select, TextField } from '../../ui';
import { createApiKey } from './api';
import styles from './McpSettings.module.css';

export function CreateKeyForm({ onCreated }: { onCreated: (k: CreatedApiKey) => void }) {
  const [name, setName] = useState('');
  const [expiresIn, setExpiresIn] = useState<string>(API_KEY_DEFAULT_EXPIRY);
  const [scope, setScope] = useState<ApiKeyScope>('read_write');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!name.trim()) {
      setError(API_KEY_TEXT.nameRequired);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const created = await createApiKey({ name: name.trim(), expiresIn, scope });
      setName('');
      onCreated(created);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : API_KEY_TEXT.createFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Create API Key" description="Name each key after the tool that uses it, so you know which to delete.">
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Name"
          placeholder="e.g. Claude Desktop on my laptop"
          value={name}
          maxLength={100}
          onChange={(e) => {
            setName(e.target.value);
            if (e.target.value.trim()) setError(null);
          }}
          // The button is disabled while the name is blank, so Enter would do nothing: say why instead.
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !name.trim()) setError(API_KEY_TEXT.nameRequired);
          }}
          error={error ?? undefined}
        />
        <div className={styles.row}>
          <Select
            label="Expires"
            value={expiresIn}
            onChange={(e) => setExpiresIn(e.target.value)}
            options={API_KEY_EXPIRY_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          />
          <Select
            label="Access"
            hint={
              scope === 'read'
                ? 'The tool can read but not change anything.'
                : 'The tool can also add todos, log workouts, save transcripts and write to your notes.'
            }
            value={scope}
            onChange={(e) => setScope(e.target.value as ApiKeyScope)}
            options={API_KEY_SCOPES.map((s) => ({ value: s, label: API_KEY_SCOPE_LABELS[s] }))}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={!name.trim()} loading={saving} loadingText="Creating...">
            Create API Key
          </Button>
        </div>
      </form>
    </Card>
  );
}
